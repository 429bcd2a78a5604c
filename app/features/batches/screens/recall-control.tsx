import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import type { RecallView } from "~/platform/codes/outcomes";
import { ConfirmDialog } from "~/platform/ui/admin-confirm-dialog";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { Field } from "~/platform/ui/field";
import { Spinner } from "~/platform/ui/icons";
import { MAX_NOTICE, MAX_RECALL_PART, recallSchema } from "../schemas";
import { batchHref } from "./batches-url";
import { ConfirmActions } from "./confirm-actions";

/** The recall's texts (decisions 153, 191) and its day, as the form sends them. */
const TEXTS = ["notice_en", "notice_ar", "hazard_en", "hazard_ar", "remedy_en", "remedy_ar"] as const;
type RecallValues = Record<(typeof TEXTS)[number] | "since", string>;
type RecallAnswer = { intent: "recall" | "lift_recall"; step: "invalid" | "confirm"; result?: SubmissionResult<string[]>; values?: RecallValues };
type Run = { id: string; lot: string; recall: RecallView | null };

const label = "text-sm font-semibold text-ink-900";
const amber = "btn-primary bg-amber-700 hover:bg-amber-800 focus-visible:outline-amber-700";

/**
 * A run's recall (decision 153), for owners and editors: the notices in English and Arabic and the day
 * it starts (today unless told), sent as a plain POST (works without JavaScript). A new recall mails
 * every registered buyer, so it is confirmed first (issue 38: a dialog with JavaScript, a step the
 * server answers without); once recalled, the same form updates it and "Lift recall" ends it after a
 * confirmation.
 */
export function RecallControl({ run }: { run: Run }) {
  const { t } = useTranslation("batches");
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<RecallValues | null>(null);
  const navigation = useNavigation();
  const action = useActionData() as RecallAnswer | { intent: string } | undefined;
  const answer = action?.intent === "recall" || action?.intent === "lift_recall" ? (action as RecallAnswer) : undefined;
  const schema = useMemo(() => recallSchema(t), [t]);
  const recalled = run.recall !== null;
  const [form, fields] = useForm({
    id: "recall-run",
    lastResult: navigation.state === "idle" && answer?.intent === "recall" ? answer.result : undefined,
    defaultValue: run.recall ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // A new recall, valid: asked in the dialog before it is sent (confirmed) from there.
    onSubmit: (event, { formData }) => {
      if (recalled) return;
      event.preventDefault();
      const value = (name: string) => String(formData.get(name) ?? "");
      setAsking({ ...(Object.fromEntries(TEXTS.map((name) => [name, value(name)])) as Record<(typeof TEXTS)[number], string>), since: value("since") });
    },
  });
  const confirming = !hydrated && answer?.intent === "recall" && answer.step === "confirm" ? answer.values : undefined;
  const { key: enKey, ...noticeEn } = getTextareaProps(fields.notice_en);
  const { key: arKey, ...noticeAr } = getTextareaProps(fields.notice_ar);
  const { key: hazardEnKey, ...hazardEn } = getTextareaProps(fields.hazard_en);
  const { key: hazardArKey, ...hazardAr } = getTextareaProps(fields.hazard_ar);
  const { key: remedyEnKey, ...remedyEn } = getTextareaProps(fields.remedy_en);
  const { key: remedyArKey, ...remedyAr } = getTextareaProps(fields.remedy_ar);
  const { key: sinceKey, ...since } = getInputProps(fields.since, { type: "date" });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "recall";

  return (
    <section aria-labelledby="recall-title" className="rounded-2xl border border-amber-300 bg-white p-5 shadow-sm sm:p-6" data-testid="recall-control">
      <h2 id="recall-title" className="font-display text-xl font-semibold text-amber-900">
        {recalled ? t("recall.updateTitle") : t("recall.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-700">{t("recall.description")}</p>
      <Form method="post" action={batchHref(run.id)} {...getFormProps(form)} className="mt-4 grid gap-4 sm:max-w-xl">
        <input type="hidden" name="intent" value="recall" />
        <Field label={t("recall.noticeEn")} labelFor={fields.notice_en.id} labelClassName={label} errors={fields.notice_en.errors} errorId={fields.notice_en.errorId}>
          <textarea {...noticeEn} key={enKey} rows={3} maxLength={MAX_NOTICE} lang="en" dir="ltr" className="field-input mt-2 w-full" />
        </Field>
        <Field label={t("recall.noticeAr")} labelFor={fields.notice_ar.id} labelClassName={label} errors={fields.notice_ar.errors} errorId={fields.notice_ar.errorId}>
          <textarea {...noticeAr} key={arKey} rows={3} maxLength={MAX_NOTICE} lang="ar" dir="rtl" className="field-input mt-2 w-full" />
        </Field>
        {/* The EU recall notice's parts (decision 191): what can happen, and what the brand offers. */}
        <Field label={t("recall.hazardEn")} labelFor={fields.hazard_en.id} labelClassName={label} hint={t("recall.hazardHint")} hintId={`${fields.hazard_en.id}-hint`} errors={fields.hazard_en.errors} errorId={fields.hazard_en.errorId}>
          <textarea {...hazardEn} key={hazardEnKey} rows={2} maxLength={MAX_RECALL_PART} lang="en" dir="ltr" className="field-input mt-2 w-full" />
        </Field>
        <Field label={t("recall.hazardAr")} labelFor={fields.hazard_ar.id} labelClassName={label} errors={fields.hazard_ar.errors} errorId={fields.hazard_ar.errorId}>
          <textarea {...hazardAr} key={hazardArKey} rows={2} maxLength={MAX_RECALL_PART} lang="ar" dir="rtl" className="field-input mt-2 w-full" />
        </Field>
        <Field label={t("recall.remedyEn")} labelFor={fields.remedy_en.id} labelClassName={label} hint={t("recall.remedyHint")} hintId={`${fields.remedy_en.id}-hint`} errors={fields.remedy_en.errors} errorId={fields.remedy_en.errorId}>
          <textarea {...remedyEn} key={remedyEnKey} rows={2} maxLength={MAX_RECALL_PART} lang="en" dir="ltr" className="field-input mt-2 w-full" />
        </Field>
        <Field label={t("recall.remedyAr")} labelFor={fields.remedy_ar.id} labelClassName={label} errors={fields.remedy_ar.errors} errorId={fields.remedy_ar.errorId}>
          <textarea {...remedyAr} key={remedyArKey} rows={2} maxLength={MAX_RECALL_PART} lang="ar" dir="rtl" className="field-input mt-2 w-full" />
        </Field>
        <Field label={t("recall.since")} labelFor={fields.since.id} labelClassName={label} hint={t("recall.sinceHint")} hintId={`${fields.since.id}-hint`} errors={fields.since.errors} errorId={fields.since.errorId}>
          <input {...since} key={sinceKey} className="field-input mt-2 w-full sm:w-56" />
        </Field>
        <div>
          <button type="submit" className={amber} disabled={pending} aria-haspopup={hydrated && !recalled ? "dialog" : undefined}>
            {pending ? <Spinner /> : null}
            {recalled ? t("recall.update") : t("recall.submit")}
          </button>
        </div>
      </Form>
      {confirming ? (
        <div id="confirm-recall" role="region" aria-labelledby="confirm-recall-title" className="mt-5 rounded-2xl border border-amber-300 bg-amber-50 p-5">
          <h3 id="confirm-recall-title" className="font-display text-lg font-semibold text-amber-900">
            {t("recall.confirmTitle", { lot: run.lot })}
          </h3>
          <p className="mt-3 text-ink-700">{t("recall.confirmBody")}</p>
          <ConfirmActions runId={run.id} fields={{ intent: "recall", ...confirming }} pending={pending} submitClass={amber}>
            {t("recall.confirm")}
          </ConfirmActions>
        </div>
      ) : null}
      {hydrated ? (
        <ConfirmDialog open={asking !== null || (pending && !recalled)} onClose={() => setAsking(null)} title={t("recall.confirmTitle", { lot: run.lot })}>
          <p className="mt-3 text-ink-700">{t("recall.confirmBody")}</p>
          {asking ? (
            <ConfirmActions runId={run.id} fields={{ intent: "recall", ...asking }} pending={pending} onCancel={() => setAsking(null)} submitClass={amber}>
              {t("recall.confirm")}
            </ConfirmActions>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {recalled ? <LiftRecall run={run} asked={answer?.intent === "lift_recall" && answer.step === "confirm"} /> : null}
    </section>
  );
}

/** "Lift recall", confirmed: in a dialog with JavaScript, in a step the server answers without. */
function LiftRecall({ run, asked }: { run: Run; asked: boolean }) {
  const { t } = useTranslation("batches");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "lift_recall";
  const confirm = (onCancel?: () => void) => (
    <ConfirmActions runId={run.id} fields={{ intent: "lift_recall" }} pending={pending} onCancel={onCancel} submitClass="btn-primary">
      {t("recall.liftConfirm")}
    </ConfirmActions>
  );
  return (
    <div className="mt-6 border-t border-ink-900/10 pt-5">
      {asked && !hydrated ? (
        <div id="confirm-lift" role="region" aria-labelledby="confirm-lift-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
          <h3 id="confirm-lift-title" className="font-display text-lg font-semibold text-amber-900">
            {t("recall.liftTitle", { lot: run.lot })}
          </h3>
          <p className="mt-3 text-ink-700">{t("recall.liftBody")}</p>
          {confirm()}
        </div>
      ) : (
        <Form
          method="post"
          action={batchHref(run.id)}
          onSubmit={(event) => {
            // With JavaScript, ask here instead of a round trip for the confirmation step.
            event.preventDefault();
            setOpen(true);
          }}
        >
          <input type="hidden" name="intent" value="lift_recall" />
          <button type="submit" className="btn-secondary" aria-haspopup={hydrated ? "dialog" : undefined}>
            {t("recall.lift")}
          </button>
        </Form>
      )}
      {hydrated ? (
        <ConfirmDialog open={open || pending} onClose={() => setOpen(false)} title={t("recall.liftTitle", { lot: run.lot })}>
          <p className="mt-3 text-ink-700">{t("recall.liftBody")}</p>
          {open ? confirm(() => setOpen(false)) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
