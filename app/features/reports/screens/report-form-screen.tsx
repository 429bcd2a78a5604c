import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import type { Toast } from "~/platform/lib/toast";
import { useBrandName } from "~/platform/ui/root-data";
import { ErrorList, Field } from "~/platform/ui/field";
import { Honeypot } from "~/platform/ui/honeypot";
import { AlertCircleIcon, CheckCircleIcon } from "~/platform/ui/icons";
import { useLazyValidation } from "~/platform/ui/lazy-validation";
import { PageMeta } from "~/platform/ui/page-meta";
import { SubmitButton } from "~/platform/ui/submit-button";
import { Toaster } from "~/platform/ui/toaster";
import { CountryOptions } from "~/platform/ui/country-options";
import { REPORT_HONEYPOT, REPORT_LIMITS } from "~/features/reports/schemas";

/** What the report page shows, prepared by its loader in the visitor's language. */
export type ReportPageView = {
  scanId: string;
  /** The checked code, grouped; what the shopper typed. */
  code: string;
  outcome: "used" | "unknown" | "expired" | "revoked" | "valid" | "replayed" | "bad_mac";
  checkedAt: string;
  /** The scan's country, the form's first guess for "where". */
  country: string | null;
  countries: readonly { code: string; name: string }[];
  today: string;
  /** The latest date of purchase the form takes (a shopper's own date may be a day ahead of UTC). */
  latest: string;
  /** The reference of a report just sent (the confirmation), if any. */
  sent: string | null;
};

/** The action's answer to a refused report: the form's state, the notice and its toast. */
export type ReportRefusal = { result: SubmissionResult<string[]>; message: string; toast: Toast; photoSent: boolean };

const FORM_ID = "report";

/** "Report where you bought it": the check it is about, then the form, or the reference once sent. */
export function ReportPage({ view, refusal }: { view: ReportPageView; refusal?: ReportRefusal }) {
  const { t } = useTranslation("report");
  return (
    <>
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} noindex />
      <section className="bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-3xl px-5 pb-6 pt-10 sm:px-8 lg:pt-16">
          <p className="text-sm font-medium text-accent-700">{t("eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">{t("title")}</h1>
          {view.sent ? null : <p className="mt-4 text-lg text-ink-700">{t("lead")}</p>}
        </div>
      </section>
      <div className="mx-auto grid max-w-3xl gap-6 px-5 pb-20 pt-6 sm:px-8">
        <CheckSummary view={view} />
        {view.sent ? <Sent reference={view.sent} /> : view.outcome === "valid" ? <Genuine /> : <ReportForm view={view} refusal={refusal} />}
      </div>
    </>
  );
}

function CheckSummary({ view }: { view: ReportPageView }) {
  const { t } = useTranslation("report");
  return (
    <section aria-labelledby="report-check" className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900" data-testid="report-check">
      <AlertCircleIcon className="mt-0.5 size-6 shrink-0" />
      <div>
        <h2 id="report-check" className="font-medium">
          {t("checked")}:{" "}
          <bdi dir="ltr" className="ltr-token font-mono font-semibold" data-testid="code-token">
            {view.code}
          </bdi>
        </h2>
        <p className="mt-1 text-sm">
          {view.outcome === "valid" ? null : <>{t(`outcome.${view.outcome}`)} · </>}
          {t("checkedOn", { date: view.checkedAt })}
        </p>
      </div>
    </section>
  );
}

function Genuine() {
  const { t } = useTranslation("report");
  return <p className="rounded-2xl border border-ink-900/10 bg-white p-6 text-ink-700">{t("errors.genuine_result")}</p>;
}

function Sent({ reference }: { reference: string }) {
  const { t } = useTranslation("report");
  return (
    <section aria-labelledby="report-sent" className="rounded-3xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-900 sm:p-9" data-testid="report-sent">
      <CheckCircleIcon className="size-9" />
      <h2 id="report-sent" className="mt-3 text-2xl font-semibold">
        {t("sent.title")}
      </h2>
      <p className="mt-4 text-sm font-medium">{t("sent.reference")}</p>
      <p className="mt-1">
        <bdi dir="ltr" className="ltr-token font-mono text-2xl font-bold" data-testid="report-reference">
          {reference}
        </bdi>
      </p>
      <p className="mt-3">{t("sent.keep")}</p>
      <Link to="/verify" className="btn-primary mt-6">
        {t("sent.back")}
      </Link>
    </section>
  );
}

const loadValidator = () => import("./validate-form").then((m) => m.reportFormValidator);

/**
 * The form's state: Conform over the server's answer (and the lazily loaded validator), where it
 * posts and whether it is being sent, the notice over the form and its toast.
 */
function useReportForm(view: ReportPageView, refusal: ReportRefusal | undefined) {
  const { t } = useTranslation("report");
  const { t: tc } = useTranslation("common");
  const navigation = useNavigation();
  const action = `/verify/result/${view.scanId}/report`;
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  const { validator, formProps } = useLazyValidation(loadValidator);
  const validate = useMemo(() => validator?.(t, view.today), [validator, t, view.today]);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? refusal?.result : undefined,
    defaultValue: { scan_id: view.scanId, country: view.country ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  // Conform's fields are a proxy: name them to ask for their errors.
  const invalid = ([fields.seller, fields.city, fields.country, fields.purchased_on, fields.photo, fields.contact, fields.consent] as const).some((f) => f.errors?.length);
  const message = invalid ? t("form.summary") : navigation.state === "idle" ? (refusal?.message ?? null) : null;
  const toast = useMemo<Toast | null>(
    () => (message ? { type: "error", title: tc("toast.error"), description: message } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [message, refusal, form.errors],
  );
  return { form, fields, formProps, action, pending, message, toast };
}

/** The form: works as a plain multipart POST; validated in the browser once its schema has loaded. */
function ReportForm({ view, refusal }: { view: ReportPageView; refusal?: ReportRefusal }) {
  const { t } = useTranslation("report");
  const brand = useBrandName();
  const { form, fields, formProps, action, pending, message, toast } = useReportForm(view, refusal);
  const input = "field-input mt-2";

  return (
    <section aria-labelledby="report-form-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-9">
      {toast ? <Toaster toast={toast} /> : null}
      <h2 id="report-form-title" className="text-xl font-semibold">
        {t("form.title")}
      </h2>
      {message ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="report-error">
          {message}
          {refusal?.photoSent ? <span className="mt-1 block">{t("form.photoAgain")}</span> : null}
        </p>
      ) : null}
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} {...formProps} className="mt-6 space-y-5">
        <input {...getInputProps(fields.scan_id, { type: "hidden" })} key={fields.scan_id.key} />
        <Field label={t("form.seller")} labelFor={fields.seller.id} hint={t("form.sellerHint")} hintId="report-seller-hint" errors={fields.seller.errors} errorId={fields.seller.errorId}>
          <input {...getInputProps(fields.seller, { type: "text", ariaDescribedBy: "report-seller-hint" })} key={fields.seller.key} required maxLength={REPORT_LIMITS.seller} autoComplete="organization" className={input} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("form.city")} labelFor={fields.city.id} errors={fields.city.errors} errorId={fields.city.errorId}>
            <input {...getInputProps(fields.city, { type: "text" })} key={fields.city.key} required maxLength={REPORT_LIMITS.city} autoComplete="address-level2" className={input} />
          </Field>
          <Field label={t("form.country")} labelFor={fields.country.id} errors={fields.country.errors} errorId={fields.country.errorId}>
            <select {...getSelectProps(fields.country)} key={fields.country.key} required className={input}>
              <CountryOptions countries={view.countries} first={t("form.countryPlaceholder")} />
            </select>
          </Field>
        </div>
        <Field label={t("form.purchasedOn")} labelFor={fields.purchased_on.id} errors={fields.purchased_on.errors} errorId={fields.purchased_on.errorId}>
          <input {...getInputProps(fields.purchased_on, { type: "date" })} key={fields.purchased_on.key} required max={view.latest} min="1990-01-01" className={`${input} sm:max-w-xs`} />
        </Field>
        <Field label={t("form.photo")} labelFor={fields.photo.id} hint={t("form.photoHint")} hintId="report-photo-hint" errors={fields.photo.errors} errorId={fields.photo.errorId}>
          <input
            {...getInputProps(fields.photo, { type: "file", ariaDescribedBy: "report-photo-hint" })}
            key={fields.photo.key}
            accept="image/jpeg,image/png,image/webp"
            className="mt-2 block w-full text-sm text-ink-700 file:me-4 file:rounded-full file:border-0 file:bg-accent-50 file:px-4 file:py-2 file:font-semibold file:text-accent-800 hover:file:bg-accent-100"
          />
        </Field>
        <Field label={t("form.contact")} labelFor={fields.contact.id} hint={t("form.contactHint")} hintId="report-contact-hint" errors={fields.contact.errors} errorId={fields.contact.errorId}>
          <input {...getInputProps(fields.contact, { type: "text", ariaDescribedBy: "report-contact-hint" })} key={fields.contact.key} dir="ltr" maxLength={REPORT_LIMITS.contact} autoComplete="email" className={`${input} text-start`} />
        </Field>
        <div>
          <div className="flex items-start gap-3">
            <input {...getInputProps(fields.consent, { type: "checkbox", value: "on" })} key={fields.consent.key} required className="mt-1 size-5 shrink-0 accent-accent-700" />
            <label htmlFor={fields.consent.id} className="text-ink-900">
              {t("form.consent", { brand })}
            </label>
          </div>
          <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
        </div>
        <Honeypot id="report-website" name={REPORT_HONEYPOT} label={t("form.honeypot")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending} label={t("form.submit")} pendingLabel={t("form.submitting")} className="w-full sm:w-auto" />
      </Form>
    </section>
  );
}
