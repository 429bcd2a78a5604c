import type { SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { invitationSchema } from "~/features/sign-in/schemas";
import { Isolated } from "~/platform/ui/isolated";
import { NewPasswordForm } from "~/platform/ui/new-password-form";

/** The invited member's first password: chosen twice, checked by the same rule as every password. */
export function InvitationForm({ username, role, result }: { username: string; role: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("auth");
  const { t: tAdmin } = useTranslation("admin");
  const schema = useMemo(() => invitationSchema(t), [t]);
  const labels = { password: t("invitation.password"), confirm: t("invitation.confirm"), submit: t("invitation.submit"), submitting: t("invitation.submitting") };
  return (
    <>
      <h1 id="invitation-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
        <Isolated template={t("invitation.title", { username: "\u0000" })} value={username} />
      </h1>
      <p className="mt-2 text-ink-700">{t("invitation.intro")}</p>
      <p className="mt-2 text-sm text-ink-500">{t("invitation.role", { role: tAdmin(`roles.${role}`, { defaultValue: role }) })}</p>
      <NewPasswordForm id="invitation" username={username} schema={schema} result={result} labels={labels} />
    </>
  );
}
