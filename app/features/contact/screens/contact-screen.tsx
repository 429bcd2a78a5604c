import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import type { Toast } from "~/platform/lib/toast";
import { useBrand } from "~/platform/ui/root-data";
import { ErrorList, Field } from "~/platform/ui/field";
import { Honeypot } from "~/platform/ui/honeypot";
import { useLazyValidation } from "~/platform/ui/lazy-validation";
import { PageMeta } from "~/platform/ui/page-meta";
import { SubmitButton } from "~/platform/ui/submit-button";
import { FormToast } from "~/platform/ui/toaster";
import { CONTACT_LIMITS, contactFields, contactSummary, HONEYPOT_FIELD, type ContactField } from "../fields";

/** The action's answer to a refused message: the form's state (Conform), the notice and its toast. */
export type ContactRefusal = {
  result: SubmissionResult<string[]>;
  values: Record<ContactField, string>;
  message: string;
  fields: Partial<Record<ContactField, string>>;
  toast: Toast;
};

/** The contact page: the message form (works without JavaScript) and a card with other ways in. */
export function ContactScreen({ refusal }: { refusal?: ContactRefusal }) {
  const { t } = useTranslation("contact");
  const brand = useBrand();
  const formKey = useNewFormKey(refusal !== undefined);
  const website = brand.siteUrl;
  const websiteLabel = website.replace(/^https?:\/\//, "").replace(/\/$/, "");

  return (
    <>
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />
      <section className="bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-6xl px-5 pb-6 pt-10 sm:px-8 lg:pt-16">
          <p className="text-sm font-medium uppercase tracking-wide text-accent-700">{t("eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl lg:text-5xl">{t("title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-700">{t("lead")}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-5 pb-20 pt-6 sm:px-8 lg:grid-cols-[1.6fr_1fr] lg:items-start">
        <ContactForm key={formKey} refusal={refusal} />
        <aside aria-labelledby="contact-card-title" className="rounded-3xl bg-accent-50 p-6 sm:p-9">
          <h2 id="contact-card-title" className="text-xl font-semibold">
            {t("card.title")}
          </h2>
          <dl className="mt-6 space-y-5">
            <div>
              <dt className="text-sm font-medium text-ink-500">{t("card.email")}</dt>
              <dd className="mt-1">
                <a href={`mailto:${brand.email}`} className="ltr-token break-all font-semibold text-accent-800 underline underline-offset-4 hover:text-ink-900" data-testid="contact-email">
                  {brand.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-ink-500">{t("card.website")}</dt>
              <dd className="mt-1">
                <a href={website} className="ltr-token break-all font-semibold text-accent-800 underline underline-offset-4 hover:text-ink-900">
                  {websiteLabel}
                </a>
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm text-ink-700">{t("card.reply")}</p>
        </aside>
      </div>
    </>
  );
}

const loadValidator = () => import("./validate-form").then((m) => m.contactFormValidator);

/**
 * The form's key: a new page without a refusal (the one a sent message redirects to) starts a new,
 * empty form. A refusal is a new location too, but keeps the form in place, so the field the server
 * found wrong keeps the focus Conform gives it (typed before the validator arrived, on a slow network).
 */
function useNewFormKey(refused: boolean): string {
  const location = useLocation();
  const [key, setKey] = useState(location.key);
  if (!refused && key !== location.key) setKey(location.key);
  return key;
}

/** The message form: Conform over the server's answer; the browser validates with the same schema once loaded. */
function ContactForm({ refusal }: { refusal?: ContactRefusal }) {
  const { t } = useTranslation("contact");
  const { form, fields, formProps, pending, message, toast } = useContactForm(refusal);
  const phoneHintId = "contact-phone-hint";

  return (
    <section aria-labelledby="contact-form-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-9">
      {toast ? <FormToast toast={toast} /> : null}
      <h2 id="contact-form-title" className="text-xl font-semibold">
        {t("form.title")}
      </h2>
      {message ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="contact-error">
          {message}
        </p>
      ) : null}
      <Form
        method="post"
        action="/contact"
        {...getFormProps(form)}
        {...formProps}
        aria-labelledby="contact-form-title"
        className="mt-6 space-y-5"
      >
        <Field label={t("form.name")} labelFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} errorTestId="error-name">
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            required
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            placeholder={t("form.namePlaceholder")}
            className="field-input mt-2"
          />
        </Field>
        <Field
          label={t("form.phone")}
          labelFor={fields.phone_number.id}
          hint={t("form.phoneHint")}
          hintId={phoneHintId}
          errors={fields.phone_number.errors}
          errorId={fields.phone_number.errorId}
          errorTestId="error-phone_number"
        >
          <input
            {...getInputProps(fields.phone_number, { type: "tel", ariaDescribedBy: phoneHintId })}
            key={fields.phone_number.key}
            required
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone_number}
            placeholder={t("form.phonePlaceholder")}
            className="field-input mt-2 text-start"
          />
        </Field>
        <Field label={t("form.message")} labelFor={fields.message.id} errors={fields.message.errors} errorId={fields.message.errorId} errorTestId="error-message">
          <textarea
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
            required
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            placeholder={t("form.messagePlaceholder")}
            className="field-input mt-2"
          />
        </Field>
        <Honeypot id="contact-website" name={HONEYPOT_FIELD} label={t("form.honeypot")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending} label={t("form.submit")} pendingLabel={t("form.submitting")} className="w-full sm:w-auto" />
      </Form>
    </section>
  );
}

/**
 * The form's state: Conform over the server's answer (and the lazily loaded validator), whether it is
 * being sent, the notice over the form and its toast.
 */
function useContactForm(refusal: ContactRefusal | undefined) {
  const { t } = useTranslation("contact");
  const { t: tc } = useTranslation("common");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/contact";
  const { validator, formProps } = useLazyValidation(loadValidator);
  const validate = useMemo(() => validator?.(t), [validator, t]);
  const [form, fields] = useForm({
    id: "contact",
    lastResult: navigation.state === "idle" ? refusal?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  const errors = { name: fields.name.errors, phone_number: fields.phone_number.errors, message: fields.message.errors };
  const invalid = contactFields.some((f) => errors[f]?.length);
  // The notice over the form: for the fields' errors (the browser's or the server's), else the server's own (a limit).
  const message = invalid ? contactSummary(t, errors) : navigation.state === "idle" ? (refusal?.message ?? null) : null;
  // A new toast for each refused submission, even with the same words.
  const toast = useMemo<Toast | null>(
    () => (message ? { type: "error", title: tc("toast.error"), description: message } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [message, errors.name, errors.phone_number, errors.message, refusal],
  );
  return { form, fields, formProps, pending, message, toast };
}
