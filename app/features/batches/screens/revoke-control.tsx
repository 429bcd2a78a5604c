import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { ConfirmDialog } from "~/platform/ui/admin-confirm-dialog";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { ErrorList, Field } from "~/platform/ui/field";
import { Isolated } from "~/platform/ui/isolated";
import { revokeBatchSchema, REVOKE_REASONS, type RevokeReasonInput } from "../schemas";
import { batchHref } from "./batches-url";
import { ConfirmActions } from "./confirm-actions";

type RevokeAnswer = { intent: "revoke"; step: "invalid" | "confirm"; result?: SubmissionResult<string[]>; reason?: RevokeReasonInput; note?: string };
type Run = { id: string; lot: string; counts: { active: number } };

const danger = "btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700";

/**
 * "Revoke print run L…? Its N active codes will answer counterfeit…" with the count isolated and in
 * bold; its plural form picked by the count (an Arabic form for one or two names no number).
 */
function ConfirmBody({ run }: { run: Run }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const template = t("revoke.confirmBody", { count: run.counts.active, n: "\u0000" });
  return (
    <p className="mt-3 text-ink-700">
      {template.includes("\u0000") ? <Isolated template={template} value={formatNumber(run.counts.active, language)} className="font-semibold tabular-nums" /> : template}
    </p>
  );
}

/** The confirmed revoke: what was chosen, sent again with confirm=yes. */
function ConfirmForm({ run, reason, note, pending, onCancel }: { run: Run; reason: string; note: string; pending: boolean; onCancel?: () => void }) {
  const { t } = useTranslation("batches");
  return (
    <ConfirmActions runId={run.id} fields={{ intent: "revoke", reason, note }} pending={pending} onCancel={onCancel} submitClass={danger}>
      {pending ? t("revoke.revoking") : t("revoke.confirm")}
    </ConfirmActions>
  );
}

/**
 * Revoke, with a reason and a confirmation step. The reason form is validated (with JavaScript in the
 * browser first); with JavaScript the confirmation is a modal dialog, without it the server answers
 * the page with the confirmation section. Either way the final POST says confirm=yes.
 */
export function RevokeControl({ run }: { run: Run }) {
  const { t } = useTranslation("batches");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const action = useActionData() as RevokeAnswer | { intent: string } | undefined;
  const answer = action?.intent === "revoke" ? (action as RevokeAnswer) : undefined;
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith(batchHref(run.id)) === true;
  const schema = useMemo(() => revokeBatchSchema(t), [t]);
  const [asked, setAsked] = useState<{ reason: string; note: string } | null>(null);
  const [form, fields] = useForm({
    id: "revoke-run",
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { formData }) {
      // With JavaScript, ask here instead of a round trip for the confirmation step.
      event.preventDefault();
      setAsked({ reason: String(formData.get("reason") ?? ""), note: String(formData.get("note") ?? "") });
    },
  });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  const serverAsks = !hydrated && answer?.step === "confirm" && answer.reason ? { reason: answer.reason, note: answer.note ?? "" } : null;

  return (
    <section aria-labelledby="revoke-title" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="revoke-title" className="font-display text-xl font-semibold text-red-900">
        {t("revoke.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-700">{t("revoke.description")}</p>
      {serverAsks ? (
        <div id="confirm-revoke" role="region" aria-labelledby="confirm-revoke-title" className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-5">
          <h3 id="confirm-revoke-title" className="font-display text-lg font-semibold text-red-900">
            {t("revoke.confirmTitle", { lot: run.lot })}
          </h3>
          <ConfirmBody run={run} />
          <ConfirmForm run={run} reason={serverAsks.reason} note={serverAsks.note} pending={pending} />
        </div>
      ) : (
        <Form method="post" action={batchHref(run.id)} {...getFormProps(form)} className="mt-4 grid gap-4 sm:max-w-xl">
          <input type="hidden" name="intent" value="revoke" />
          <fieldset aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined} aria-invalid={fields.reason.errors ? true : undefined}>
            <legend className="text-sm font-semibold text-ink-900">{t("revoke.reason")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {REVOKE_REASONS.map((reason) => (
                <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-ink-900/15 px-3 text-sm has-[:checked]:border-red-600 has-[:checked]:bg-red-50">
                  <input type="radio" name={fields.reason.name} value={reason} defaultChecked={fields.reason.initialValue === reason} className="size-4 accent-red-700" />
                  {t(`revoke.reasons.${reason}`)}
                </label>
              ))}
            </div>
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </fieldset>
          <Field label={t("revoke.note")} labelFor={fields.note.id} labelClassName="text-sm font-semibold text-ink-900" errors={fields.note.errors} errorId={fields.note.errorId}>
            <textarea {...note} key={noteKey} rows={2} maxLength={500} className="field-input mt-2 w-full" />
          </Field>
          <div>
            <button type="submit" className={danger} aria-haspopup={hydrated ? "dialog" : undefined}>
              {t("revoke.submit")}
            </button>
          </div>
        </Form>
      )}
      {hydrated ? (
        <ConfirmDialog open={asked !== null || pending} onClose={() => setAsked(null)} title={t("revoke.confirmTitle", { lot: run.lot })}>
          <ConfirmBody run={run} />
          {asked ? <ConfirmForm run={run} reason={asked.reason} note={asked.note} pending={pending} onCancel={() => setAsked(null)} /> : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
