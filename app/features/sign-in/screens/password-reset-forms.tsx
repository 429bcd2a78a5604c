import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { InputField } from "~/platform/ui/input-field";
import { Isolated } from "~/platform/ui/isolated";
import { NewPasswordForm } from "~/platform/ui/new-password-form";
import { SubmitButton } from "~/platform/ui/submit-button";
import { forgotPasswordSchema, invitationSchema } from "../schemas";
import { MailOffNote } from "~/platform/ui/mail-off-note";

/** "Forgot your password?": a username or an e-mail address; then the same "check your mail" for everyone. */
export function ForgotPasswordForm({ result, sent, mailConfigured }: { result: SubmissionResult<string[]> | undefined; sent: boolean; mailConfigured: boolean }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const schema = useMemo(() => forgotPasswordSchema(t), [t]);
  // Checked on submit, then as the field is corrected.
  const [form, fields] = useForm({ id: "forgot-password", shouldValidate: "onSubmit", shouldRevalidate: "onInput", onValidate: ({ formData }) => parseWithZod(formData, { schema }), lastResult: navigation.state === "idle" ? result : undefined });
  return (
    <>
      <h1 id="forgot-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
        {sent ? t("forgot.sentTitle") : t("forgot.title")}
      </h1>
      {sent ? (
        <p role="status" className="mt-3 text-ink-700" data-testid="forgot-sent">
          {t("forgot.sent")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink-700">{t("forgot.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
            <InputField meta={fields.identifier} label={t("forgot.identifier")} ltr autoComplete="username" autoCapitalize="none" spellCheck={false} required />
            <SubmitButton pending={navigation.state !== "idle"} label={t("forgot.submit")} pendingLabel={t("forgot.submitting")} className="mt-2 w-full" />
          </Form>
        </>
      )}
      {mailConfigured ? null : (
        <MailOffNote className="mt-4">{t("forgot.mailOff")}</MailOffNote>
      )}
      <Link to="/admin" className="mt-6 inline-flex text-sm font-semibold text-accent-700 underline">
        {t("forgot.back")}
      </Link>
    </>
  );
}

/** The new password from a mailed link: chosen twice, checked by the same rule as every password. */
export function ResetPasswordForm({ username, result }: { username: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const schema = useMemo(() => invitationSchema(t), [t]);
  const labels = { password: t("reset.password"), confirm: t("reset.confirm"), submit: t("reset.submit"), submitting: t("reset.submitting") };
  return (
    <>
      <h1 id="reset-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
        <Isolated template={t("reset.title", { username: "\u0000" })} value={username} />
      </h1>
      <p className="mt-2 text-ink-700">{t("reset.intro")}</p>
      <NewPasswordForm id="reset-password" username={username} schema={schema} result={result} labels={labels} />
    </>
  );
}
