import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { AdminTime } from "~/platform/ui/admin-time";
import { InputField } from "~/platform/ui/input-field";
import { Isolated } from "~/platform/ui/isolated";
import { SubmitButton } from "~/platform/ui/submit-button";
import { passwordFormSchema } from "~/features/sign-in/schemas";
import type { AccountActionData } from "./account-action.server";

/** "Password": the current one, the new one twice. The other sessions end when it changes. */
export function PasswordCard({ answer, lastChanged }: { answer: AccountActionData | undefined; lastChanged: string | null }) {
  const { t } = useTranslation("account");
  const { t: ta } = useTranslation("auth");
  const language = useLanguage();
  const navigation = useNavigation();
  const pending = useIntentPending("password");
  const schema = useMemo(() => passwordFormSchema(ta, t("password.mismatch")), [ta, t]);
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: navigation.state === "idle" && answer?.intent === "password" ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <AdminCard id="password" title={t("password.title")}>
      <p className="mt-2 text-sm text-ink-700">{t("password.hint")}</p>
      {lastChanged ? (
        <p className="mt-1 text-sm text-ink-500">
          <Isolated template={t("password.lastChanged", { date: "\u0000" })} value={<AdminTime iso={lastChanged} language={language} />} ltr={false} />
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-md gap-4">
        <input type="hidden" name="intent" value="password" />
        <InputField meta={fields.current_password} label={t("password.current")} type="password" autoComplete="current-password" required />
        <InputField meta={fields.new_password} label={t("password.next")} type="password" autoComplete="new-password" required />
        <InputField meta={fields.confirm_password} label={t("password.confirm")} type="password" autoComplete="new-password" required />
        <SubmitButton pending={pending} label={t("password.submit")} pendingLabel={t("password.submitting")} className="justify-self-start" />
      </Form>
    </AdminCard>
  );
}
