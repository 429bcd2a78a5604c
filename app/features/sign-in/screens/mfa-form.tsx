import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/platform/ui/field";
import { Isolated } from "~/platform/ui/isolated";
import { SubmitButton } from "~/platform/ui/submit-button";
import { LoginFailure } from "./login-form";
import { mfaSchema } from "../schemas";
import { NEXT_PARAM } from "~/features/sessions/return-to";

export type MfaRefusal = {
  result: SubmissionResult<string[]> | null;
  failure: { title: string; description: string } | null;
  mfa: { token: string; username: string };
};

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function MfaForm({ step, next }: { step: MfaRefusal; next?: string | null }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin";
  const schema = useMemo(() => mfaSchema(t), [t]);
  const [form, fields] = useForm({
    id: "admin-mfa",
    lastResult: navigation.state === "idle" ? step.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const codeRef = useRef<HTMLInputElement>(null);
  const answered = useRef(false);
  // The step opens with the code field ready; a wrong code leaves it empty and focused. What was typed
  // before the page's scripts arrived is kept.
  useEffect(() => {
    const input = codeRef.current;
    if (!input) return;
    if (answered.current) input.value = "";
    answered.current = true;
    if (!input.value) input.focus();
  }, [step]);
  const failure = step.failure && navigation.state === "idle" ? step.failure : null;
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <>
      <h2 className="mt-6 font-display text-xl font-semibold text-ink-900">{t("mfa.title")}</h2>
      <p className="mt-2 text-ink-700">
        <Isolated template={t("mfa.intro", { username: "\u0000" })} value={step.mfa.username} />
      </p>
      <LoginFailure failure={failure} />
      <Form method="post" action="/admin" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
        <input type="hidden" name="intent" value="mfa" />
        <input type="hidden" name="mfa_token" value={step.mfa.token} />
        <input type="hidden" name="username" value={step.mfa.username} />
        {next ? <input type="hidden" name={NEXT_PARAM} value={next} /> : null}
        <Field
          label={t("mfa.code")}
          labelFor={fields.code.id}
          labelClassName="mb-1.5 block text-sm font-semibold text-ink-900"
          hint={t("mfa.codeHint")}
          hintId={`${fields.code.id}-hint`}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        >
          <input
            {...codeProps}
            key={key}
            ref={codeRef}
            dir="ltr"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            placeholder={t("mfa.codePlaceholder")}
            aria-describedby={[`${fields.code.id}-hint`, fields.code.errors ? fields.code.errorId : null].filter(Boolean).join(" ")}
            className="field-input text-start tracking-widest"
          />
        </Field>
        <SubmitButton pending={pending} label={t("mfa.submit")} pendingLabel={t("mfa.submitting")} className="mt-2 w-full" />
      </Form>
      <p className="mt-4 text-center">
        <Link to="/admin" reloadDocument className="text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700">
          {t("mfa.startOver")}
        </Link>
      </p>
    </>
  );
}
