import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDateTime } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { actionsCell, AdminTable, stickyEnd, td, th } from "~/platform/ui/admin-table";
import { AdminTimeCell } from "~/platform/ui/admin-time";
import { BidiText } from "~/platform/ui/bidi-text";
import { ConfirmedAction, ConfirmStep, useConfirmHref, type ConfirmWords } from "~/platform/ui/confirmed-action";
import { LocalTime, useTimeZone } from "~/platform/ui/local-time";
import { isolated } from "~/platform/lib/bidi";
import type { SessionRow } from "./account-loader.server";

function useBrowserName() {
  const { t } = useTranslation("account");
  return (s: SessionRow) => {
    if (!s.browser) return t("sessions.unknownBrowser");
    return s.os ? t("sessions.on", { browser: s.browser, os: s.os }) : s.browser;
  };
}

/** "The session of Chrome on macOS started 25 Nov 2026 10:14 will be signed out…": the browser and the start named. */
function useEndWords(session: SessionRow): ConfirmWords {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const name = useBrowserName();
  const date = "\u0001";
  const text = t(session.current ? "sessions.endBodyCurrent" : "sessions.endBody", isolated({ browser: name(session), date }, ["browser", "date"]));
  return {
    title: t("sessions.endTitle"),
    body: <BidiText text={text} value={(part) => (part === date ? <LocalTime iso={session.created_at} language={language} /> : <bdi>{part}</bdi>)} />,
    confirm: t("sessions.endConfirm"),
    cancel: t("sessions.endCancel"),
  };
}

/** Sign out one session, after a confirmation naming it (a dialog with JavaScript, `?end=` without). */
function SignOutButton({ session }: { session: SessionRow }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const name = useBrowserName();
  const pending = useIntentPending("session-end");
  const href = useConfirmHref("end");
  const timeZone = useTimeZone();
  return (
    <ConfirmedAction
      button={t("sessions.signOut")}
      label={t("sessions.signOutLabel", { browser: name(session), date: formatDateTime(session.created_at, language, { month: "short", timeZone }) })}
      words={useEndWords(session)}
      fields={{ intent: "session-end", session: session.id }}
      noScriptHref={href(session.id, "#confirm-end")}
      pending={pending}
      fallbackFocus={() => document.getElementById("sessions")}
    />
  );
}

/** Ending a session's confirmation step without JavaScript, at the top of the sessions card. */
function NoScriptEnd({ session }: { session: SessionRow }) {
  const back = useConfirmHref("end")(null);
  return <ConfirmStep id="confirm-end" words={useEndWords(session)} fields={{ intent: "session-end", session: session.id }} back={back} />;
}

/** "Where you are signed in": each live session (browser, started, last used), each with Sign out; and Sign out everywhere else. */
export function SessionsCard({ sessions, confirmEnd }: { sessions: SessionRow[]; confirmEnd: SessionRow | null }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const name = useBrowserName();
  const othersPending = useIntentPending("sessions-end-others");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <AdminCard id="sessions" title={t("sessions.title")}>
      <div className="mt-4">
        {confirmEnd ? <NoScriptEnd session={confirmEnd} /> : null}
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
