import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { AdminTime } from "~/platform/ui/admin-time";
import { Isolated } from "~/platform/ui/isolated";
import { SubmitButton } from "~/platform/ui/submit-button";
import type { AccountActionData } from "./account-action.server";
import type { AccountScreenData } from "./account-loader.server";
import { CodeForm } from "./code-form";
import { RecoveryCodes } from "./recovery-codes";

/** Start (or restart) the set-up: a plain POST, so it works without JavaScript. */
function StartButton({ label, secondary = false }: { label: string; secondary?: boolean }) {
  const { t } = useTranslation("account");
  const pending = useIntentPending("mfa-start");
  return (
    <Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="mfa-start" />
      {secondary ? (
        <button type="submit" className="btn-secondary" disabled={pending}>
          {pending ? t("mfa.starting") : label}
        </button>
      ) : (
        <SubmitButton pending={pending} label={label} pendingLabel={t("mfa.starting")} />
      )}
    </Form>
  );
}

/**
 * "Two-factor sign-in": off (set it up), being set up (the QR, the typed key, a code to confirm), or
 * on (how many recovery codes are left; turn it off or make new codes, each with a code).
 */
export function MfaCard({ data, answer }: { data: AccountScreenData; answer: AccountActionData | undefined }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const codes = answer?.recoveryCodes;
  return (
    <AdminCard id="two-factor" title={t("mfa.title")} testId="two-factor">
      {codes ? <RecoveryCodes codes={codes} note={answer?.toast} /> : null}
      {data.mfaEnabled ? (
        <>
          <p className="mt-2 text-ink-700" data-testid="mfa-status">
            {data.mfaEnabledAt ? <Isolated template={t("mfa.on", { date: "\u0000" })} value={<AdminTime iso={data.mfaEnabledAt} language={language} />} ltr={false} /> : null}{" "}
            {t("mfa.codesLeft", { count: data.recoveryCodesLeft })}
          </p>
          <div className="mt-6 grid gap-8 lg:grid-cols-2">
            <div>
              <h3 className="font-semibold text-ink-900">{t("mfa.renewTitle")}</h3>
              <CodeForm intent="codes-renew" answer={answer} label={t("mfa.disableCode")} hint={t("mfa.renewHint")} submit={t("mfa.renew")} pendingLabel={t("mfa.renewing")} />
            </div>
            <div>
              <h3 className="font-semibold text-ink-900">{t("mfa.disableTitle")}</h3>
              <CodeForm intent="mfa-disable" answer={answer} label={t("mfa.disableCode")} hint={t("mfa.disableHint")} submit={t("mfa.disable")} pendingLabel={t("mfa.disabling")} danger />
            </div>
          </div>
        </>
      ) : data.enrolment ? (
        <div className="mt-4 grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <div>
            <p className="font-medium text-ink-900">{t("mfa.scan")}</p>
            <img
              src={data.enrolment.qr}
              width={200}
              height={200}
              alt={t("mfa.qrAlt", { username: data.username })}
              className="mt-3 rounded-xl border border-ink-900/10 bg-white p-2"
              data-testid="mfa-qr"
            />
          </div>
          <div>
            <p className="text-sm text-ink-700">{t("mfa.typed")}</p>
            <p dir="ltr" className="mt-1 rounded-lg bg-sand-100 px-3 py-2 text-start font-mono text-base tracking-wider break-all text-ink-900" data-testid="mfa-secret">
              {data.enrolment.secret}
            </p>
            <p className="mt-5 font-medium text-ink-900">{t("mfa.confirmStep")}</p>
            <CodeForm intent="mfa-confirm" answer={answer} label={t("mfa.code")} submit={t("mfa.confirm")} pendingLabel={t("mfa.confirming")} />
            <StartButton label={t("mfa.restart")} secondary />
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 max-w-2xl text-ink-700">{t("mfa.off")}</p>
          <StartButton label={t("mfa.start")} />
        </>
      )}
    </AdminCard>
  );
}
