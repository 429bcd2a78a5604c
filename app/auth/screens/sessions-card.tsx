import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDateTime } from "~/i18n/format";
import { useLanguage } from "~/root-data";
import { AdminCard } from "~/ui/admin-card";
import { useIntentPending } from "~/ui/admin-hooks";
import { actionsCell, AdminTable, stickyEnd, td, th } from "~/ui/admin-table";
import { AdminTimeCell } from "~/ui/admin-time";
import type { SessionRow } from "./account-loader.server";

function useBrowserName() {
  const { t } = useTranslation("account");
  return (s: SessionRow) => {
    if (!s.browser) return t("sessions.unknownBrowser");
    return s.os ? t("sessions.on", { browser: s.browser, os: s.os }) : s.browser;
  };
}

function SignOutButton({ session }: { session: SessionRow }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const name = useBrowserName();
  const navigation = useIntentPending("session-end");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="session-end" />
      <input type="hidden" name="session" value={session.id} />
      <button
        type="submit"
        disabled={navigation}
        aria-label={t("sessions.signOutLabel", { browser: name(session), date: formatDateTime(session.created_at, language, { month: "short", timeZone: "UTC" }) })}
        className="inline-flex min-h-10 items-center rounded-full border border-ink-900/15 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60"
      >
        {t("sessions.signOut")}
      </button>
    </Form>
  );
}

/** "Where you are signed in": each live session (browser, started, last used), each with Sign out; and Sign out everywhere else. */
export function SessionsCard({ sessions }: { sessions: SessionRow[] }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const name = useBrowserName();
  const othersPending = useIntentPending("sessions-end-others");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <AdminCard id="sessions" title={t("sessions.title")}>
      <div className="mt-4">
        <AdminTable caption={t("sessions.caption")} minWidth="36rem">
          <thead>
            <tr>
              <th scope="col" className={th}>{t("sessions.browser")}</th>
              <th scope="col" className={th}>{t("sessions.started")}</th>
              <th scope="col" className={th}>{t("sessions.lastUsed")}</th>
              <th scope="col" className={`${th} ${stickyEnd}`}>{t("sessions.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id} data-testid="session-row" data-current={s.current || undefined}>
                <td className={`${td} font-medium`}>
                  {name(s)}
                  {s.current ? <span className="ms-2 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">{t("sessions.thisDevice")}</span> : null}
                  {s.second_factor ? <span className="ms-2 text-xs text-ink-500">({t("sessions.withSecondFactor")})</span> : null}
                </td>
                <AdminTimeCell iso={s.created_at} language={language} className={`${td} text-ink-700`} />
                <AdminTimeCell iso={s.last_used_at} language={language} className={`${td} text-ink-700`} />
                <td className={`${td} ${actionsCell}`}>
                  <SignOutButton session={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </div>
      {others > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sessions-end-others" />
          <button type="submit" className="btn-secondary" disabled={othersPending}>
            {othersPending ? t("sessions.signingOutOthers") : t("sessions.signOutOthers")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-ink-500">{t("sessions.none")}</p>
      )}
    </AdminCard>
  );
}
