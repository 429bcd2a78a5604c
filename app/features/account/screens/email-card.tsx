import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { InputField } from "~/platform/ui/input-field";
import { SubmitButton } from "~/platform/ui/submit-button";
import { ownEmailSchema } from "~/features/sign-in/schemas";
import type { AccountActionData } from "./account-action.server";

/** "E-mail address": where the member's password-reset links and notices go; empty removes it. */
export function EmailCard({ answer, email }: { answer: AccountActionData | undefined; email: string | null }) {
  const { t } = useTranslation("account");
  const { t: ta } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = useIntentPending("email");
  const schema = useMemo(() => ownEmailSchema(ta), [ta]);
  const [form, fields] = useForm({
    id: "email-form",
    lastResult: navigation.state === "idle" && answer?.intent === "email" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { email: email ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <AdminCard id="email" title={t("email.title")}>
      <p className="mt-2 text-sm text-ink-700">{email ? t("email.hint") : t("email.none")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-md gap-4">
        <input type="hidden" name="intent" value="email" />
        <InputField meta={fields.email} label={t("email.label")} ltr inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
        <SubmitButton pending={pending} label={t("email.submit")} pendingLabel={t("email.submitting")} className="justify-self-start" />
      </Form>
    </AdminCard>
  );
}
