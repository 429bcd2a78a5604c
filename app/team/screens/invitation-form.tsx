import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { invitationSchema } from "~/auth/schemas";
import { InputField } from "~/ui/input-field";
import { Isolated } from "~/ui/isolated";
import { SubmitButton } from "~/ui/submit-button";

/** The invited member's first password: chosen twice, checked by the same rule as every password. */
export function InvitationForm({ username, role, result }: { username: string; role: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const { t: tAdmin } = useTranslation("admin");
  const navigation = useNavigation();
  const schema = useMemo(() => invitationSchema(t), [t]);
  const [form, fields] = useForm({
    id: "invitation",
    lastResult: navigation.state === "idle" ? result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <>
      <h1 id="invitation-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
        <Isolated template={t("invitation.title", { username: "\u0000" })} value={username} />
      </h1>
      <p className="mt-2 text-ink-700">{t("invitation.intro")}</p>
      <p className="mt-2 text-sm text-ink-500">{t("invitation.role", { role: tAdmin(`roles.${role}`, { defaultValue: role }) })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
        {/* A password manager saves the new password under the right account. */}
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <InputField meta={fields.password} label={t("invitation.password")} type="password" autoComplete="new-password" required />
        <InputField meta={fields.confirm_password} label={t("invitation.confirm")} type="password" autoComplete="new-password" required />
        <SubmitButton pending={navigation.state !== "idle"} label={t("invitation.submit")} pendingLabel={t("invitation.submitting")} className="mt-2 w-full" />
      </Form>
    </>
  );
}
