import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Toast } from "~/platform/lib/toast";
import { useBrandName, useLanguage } from "~/platform/ui/root-data";
import { ErrorList, Field } from "~/platform/ui/field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { FormToast } from "~/platform/ui/toaster";
import { MAX_EMAIL } from "../schemas";

/** The action's answer to a refused sign-up: the form's state, the notice and its toast. */
export type RegistrationRefusal = { result: SubmissionResult<string[]>; message: string; toast: Toast };

const FORM_ID = "registration";

/**
 * "Get safety notices about this product", under a genuine result (decision 162): e-mail, language
 * (the page's by default) and the consent box. A plain POST to the result's own URL; the server
 * validates (Post/Redirect/Get to "Check your inbox").
 */
export function RegistrationForm({ scanId, refusal }: { scanId: string; refusal?: RegistrationRefusal | undefined }) {
  const { t } = useTranslation("registrations");
  const brand = useBrandName();
  const language = useLanguage();
  const navigation = useNavigation();
  const action = `/verify/result/${scanId}`;
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  const [form, fields] = useForm<{ email: string; lang: string; consent: string }>({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? refusal?.result : undefined,
    defaultValue: { lang: language },
    shouldValidate: "onSubmit",
  });
  const message = navigation.state === "idle" ? (refusal?.message ?? null) : null;
  const toast = useMemo<Toast | null>(() => (message ? (refusal?.toast ?? null) : null), [message, refusal]);
  return (
    <section aria-labelledby="registration-title" className="mt-5 rounded-2xl border border-ink-900/10 bg-sand-50 p-4 sm:p-5" data-testid="registration">
      {toast ? <FormToast toast={toast} /> : null}
      <h2 id="registration-title" className="font-semibold text-ink-900">
        {t("form.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{t("form.lead")}</p>
      {message ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="registration-error">
          {message}
        </p>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <Field label={t("form.email")} labelFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              required
              dir="ltr"
              maxLength={MAX_EMAIL}
              autoComplete="email"
              className="field-input mt-2 text-start"
            />
          </Field>
          <Field label={t("form.lang")} labelFor={fields.lang.id} errors={fields.lang.errors} errorId={fields.lang.errorId}>
            <select {...getSelectProps(fields.lang)} key={fields.lang.key} className="field-input mt-2">
              <option value="en" lang="en">
                English
              </option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </select>
          </Field>
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input {...getInputProps(fields.consent, { type: "checkbox", value: "on" })} key={fields.consent.key} required className="mt-1 size-5 shrink-0 accent-accent-700" />
            <label htmlFor={fields.consent.id} className="text-sm text-ink-900">
              {t("form.consent", { brand })}
            </label>
          </div>
          <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending} label={t("form.submit")} pendingLabel={t("form.submitting")} className="w-full sm:w-auto" />
      </Form>
    </section>
  );
}
