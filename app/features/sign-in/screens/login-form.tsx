import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/platform/ui/field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { loginSchema } from "../schemas";
import { NEXT_PARAM } from "~/features/sessions/return-to";
import type { SignInLinkState } from "./login-action.server";
import { SignInLinkOffer } from "./sign-in-link-offer";

export type LoginRefusal = { result: SubmissionResult<string[]> | null; failure: { title: string; description: string } | null; link?: SignInLinkState | undefined };

/** A refused sign-in: the alert inside the form (title and message), also without JavaScript. */
export function LoginFailure({ failure }: { failure: { title: string; description: string } | null }) {
  if (!failure) return null;
  return (
    <div role="alert" data-testid="login-failure" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{failure.title}</p>
      <p className="mt-1 text-sm">{failure.description}</p>
    </div>
  );
}

/** The sign-in form: username and password, checked in the browser and again on the server. */
export function LoginForm({ refusal, next, username }: { refusal?: LoginRefusal; next?: string | null; username?: string | null }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin";
  const schema = useMemo(() => loginSchema(t), [t]);
  const [form, fields] = useForm({
    id: "admin-login",
    defaultValue: username ? { username } : undefined,
    lastResult: navigation.state === "idle" ? refusal?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const failure = refusal?.failure && navigation.state === "idle" ? refusal.failure : null;
  const link = refusal?.link && navigation.state === "idle" ? refusal.link : null;
  // After a failed attempt the password is cleared, as the server-rendered page (without JavaScript) does.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refusal && passwordRef.current) passwordRef.current.value = "";
  }, [refusal]);
  const { key: usernameKey, ...usernameProps } = getInputProps(fields.username, { type: "text" });
  const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, { type: "password", value: false });
  const label = "mb-1.5 block text-sm font-semibold text-ink-900";

  return (
    <>
      <LoginFailure failure={failure} />
      {link ? <SignInLinkOffer link={link} /> : null}
      <Form method="post" action="/admin" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
        {/* Where to go once signed in: the page the session ended on (the server checks it is an admin page). */}
        {next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null}
        <Field label={t("username")} labelFor={fields.username.id} labelClassName={label} errors={fields.username.errors} errorId={fields.username.errorId}>
          <input
            {...usernameProps}
            key={usernameKey}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            placeholder={t("usernamePlaceholder")}
            className="field-input text-start"
          />
        </Field>
        <Field label={t("password")} labelFor={fields.password.id} labelClassName={label} errors={fields.password.errors} errorId={fields.password.errorId}>
          <input
            {...passwordProps}
            key={passwordKey}
            ref={passwordRef}
            autoComplete="current-password"
            required
            placeholder={t("passwordPlaceholder")}
            className="field-input text-start"
          />
        </Field>
        <SubmitButton pending={pending} label={t("submit")} pendingLabel={t("submitting")} className="mt-2 w-full" />
      </Form>
      <Link to="/admin/forgot-password" className="mt-4 inline-flex text-sm font-semibold text-accent-700 underline">
        {t("forgot.link")}
      </Link>
    </>
  );
}
