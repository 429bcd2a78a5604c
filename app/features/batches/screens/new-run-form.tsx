import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { ErrorList, Field } from "~/platform/ui/field";
import { ProductPicker, type PickableProduct } from "~/platform/ui/product-picker";
import { SubmitButton } from "~/platform/ui/submit-button";
import type { LabelKind } from "@db/schema";
import { createBatchSchema, MAX_LOT, MAX_NOTE, MAX_QUANTITY } from "../schemas";
import { BATCHES_PATH } from "./batches-url";

type CreateAnswer = { result?: SubmissionResult<string[]>; failed?: string };

const label = "text-sm font-semibold text-ink-900";
/** The form offers two-part labels first and checked (issue 27); the API's default stays `single`. */
const FORM_KINDS = ["two_part", "single"] as const satisfies readonly LabelKind[];
const DEFAULT_KIND = FORM_KINDS[0];

/**
 * "New print run": product, the kind of label (two-part by default here; the API's default is
 * single), quantity, lot, dates, market and note. A plain POST with or without
 * JavaScript (the server answers with the run's page, or the form again with its errors); with
 * JavaScript the same schema checks it first and the button shows the run being made.
 */
export function NewRunForm({ products }: { products: PickableProduct[] }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const navigation = useNavigation();
  const answer = useActionData() as CreateAnswer | undefined;
  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction === BATCHES_PATH;
  const schema = useMemo(() => createBatchSchema(t), [t]);
  const [form, fields] = useForm({
    id: "new-run",
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const optional = (text: string) => (
    <>
      {text} <span className="font-normal text-ink-500">({t("create.optional")})</span>
    </>
  );
  const input = (name: keyof typeof fields, type: "text" | "number" | "date", extra: { hint?: boolean } = {}) => {
    const field = fields[name];
    const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: extra.hint ? `${field.id}-hint` : undefined });
    return { key, props };
  };
  const quantity = input("quantity", "number", { hint: true });
  const lot = input("lot", "text", { hint: true });
  const made = input("manufactured_on", "date");
  const best = input("best_before", "date");
  const market = input("market", "text", { hint: true });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  // Only refusals answer with data (a made run answers with a redirect to its page).
  const failed = navigation.state === "idle" && answer?.failed ? answer.failed : null;

  return (
    <section aria-labelledby="new-run-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="new-run-title" className="font-display text-xl font-semibold text-ink-900">
        {t("create.title")}
      </h2>
      <Form method="post" action={BATCHES_PATH} {...getFormProps(form)} className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <ProductPicker field={fields.product_id} products={products} language={language} legend={t("create.product")} hint={t("create.productHint")} />
        <div className="grid min-w-0 content-start gap-5 sm:grid-cols-2">
          <fieldset
            className="sm:col-span-2"
            data-testid="label-kind"
            aria-describedby={fields.label.errors ? fields.label.errorId : undefined}
            aria-invalid={fields.label.errors ? true : undefined}
          >
            <legend className={label}>{t("create.labelKind")}</legend>
            <div className="mt-2 grid gap-2">
              {FORM_KINDS.map((kind) => (
                <label key={kind} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 px-3 py-2 has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50">
                  <input
                    type="radio"
                    name={fields.label.name}
                    value={kind}
                    defaultChecked={(fields.label.initialValue ?? DEFAULT_KIND) === kind}
                    aria-labelledby={`label-kind-${kind}`}
                    aria-describedby={`label-kind-${kind}-hint`}
                    className="mt-1 size-4 accent-accent-700"
                  />
                  <span>
                    <span id={`label-kind-${kind}`} className="block text-sm font-semibold text-ink-900">
                      {t(`create.labelKinds.${kind}`)}
                    </span>
                    <span id={`label-kind-${kind}-hint`} className="block text-sm text-ink-700">
                      {t(`create.labelKindHints.${kind}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <ErrorList id={fields.label.errorId} errors={fields.label.errors} />
          </fieldset>
          <Field label={t("create.quantity")} labelFor={fields.quantity.id} labelClassName={label} hint={t("create.quantityHint")} hintId={`${fields.quantity.id}-hint`} errors={fields.quantity.errors} errorId={fields.quantity.errorId}>
            <input {...quantity.props} key={quantity.key} inputMode="numeric" min={1} max={MAX_QUANTITY} step={1} dir="ltr" className="field-input mt-2 w-full tabular-nums" />
          </Field>
          <Field label={t("create.lot")} labelFor={fields.lot.id} labelClassName={label} hint={t("create.lotHint")} hintId={`${fields.lot.id}-hint`} errors={fields.lot.errors} errorId={fields.lot.errorId}>
            <input {...lot.props} key={lot.key} maxLength={MAX_LOT} dir="ltr" autoComplete="off" spellCheck={false} className="field-input mt-2 w-full font-mono" />
          </Field>
          <Field label={optional(t("create.manufacturedOn"))} labelFor={fields.manufactured_on.id} labelClassName={label} errors={fields.manufactured_on.errors} errorId={fields.manufactured_on.errorId}>
            <input {...made.props} key={made.key} dir="ltr" className="field-input mt-2 w-full" />
          </Field>
          <Field label={optional(t("create.bestBefore"))} labelFor={fields.best_before.id} labelClassName={label} errors={fields.best_before.errors} errorId={fields.best_before.errorId}>
            <input {...best.props} key={best.key} dir="ltr" className="field-input mt-2 w-full" />
          </Field>
          <Field label={optional(t("create.market"))} labelFor={fields.market.id} labelClassName={label} hint={t("create.marketHint")} hintId={`${fields.market.id}-hint`} errors={fields.market.errors} errorId={fields.market.errorId}>
            <input {...market.props} key={market.key} maxLength={2} dir="ltr" autoComplete="off" autoCapitalize="characters" spellCheck={false} className="field-input mt-2 w-24 font-mono uppercase" />
          </Field>
          <Field label={optional(t("create.note"))} labelFor={fields.note.id} labelClassName={label} errors={fields.note.errors} errorId={fields.note.errorId} className="sm:col-span-2">
            <textarea {...note} key={noteKey} rows={2} maxLength={MAX_NOTE} className="field-input mt-2 w-full" />
          </Field>
          {failed ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
              {failed}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <SubmitButton pending={pending} label={t("create.submit")} pendingLabel={t("create.submitting")} className="w-full sm:w-auto" />
          </div>
        </div>
      </Form>
    </section>
  );
}
