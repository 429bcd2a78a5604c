import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { ScreenHeader } from "~/platform/ui/screen-header";
import { Isolated } from "~/platform/ui/isolated";
import type { AccountActionData } from "./account-action.server";
import type { AccountScreenData } from "./account-loader.server";
import { EmailCard } from "./email-card";
import { MfaCard } from "./mfa-card";
import { NoticesCard } from "./notices-card";
import { PasswordCard } from "./password-card";
import { SessionsCard } from "./sessions-card";

/** /admin/dashboard/account: the member's password, two-factor sign-in, e-mail address, notices and sessions. */
export function AccountScreen({ data }: { data: AccountScreenData }) {
  const { t } = useTranslation("account");
  const { t: tAdmin } = useTranslation("admin");
  const answer = useActionData() as AccountActionData | undefined;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")}>
        <p className="mt-1 text-sm text-ink-500" data-testid="account-role">
          <Isolated template={t("signedInAs", { username: "\u0000", role: tAdmin(`roles.${data.role}`) })} value={data.username} />
        </p>
      </ScreenHeader>
      {data.required ? (
        <p role="alert" data-testid="account-required" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-900">
          {t(`required.${data.required}`)}
        </p>
      ) : null}
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6">
        {data.required !== "mfa" ? <PasswordCard answer={answer} lastChanged={data.passwordChangedAt} /> : null}
        {data.required !== "password" ? <MfaCard data={data} answer={answer} /> : null}
        {data.required === null ? <EmailCard answer={answer} email={data.email} /> : null}
        {data.required === null && data.noticesAllowed ? <NoticesCard answer={answer} notify={data.notify} hasEmail={data.email !== null} mailConfigured={data.mailConfigured} /> : null}
        {data.required === null ? <SessionsCard sessions={data.sessions} confirmEnd={data.confirmEnd} /> : null}
      </div>
    </>
  );
}
