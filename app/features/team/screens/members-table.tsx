import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { useIntentPending } from "~/platform/ui/admin-hooks";
import { AdminTable, AdminTableMessage, stackedCell, stackedRow, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import { ROLES } from "~/platform/access/permissions";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";
import { ConfirmedAction, useConfirmHref, type ConfirmWords } from "~/platform/ui/confirmed-action";
import type { MemberRowData } from "./team-loader.server";

const small =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink-900/15 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60";
const tone = { active: "bg-accent-100 text-accent-800", disabled: "bg-red-100 text-red-800", invited: "bg-sand-200 text-ink-900", invitation_expired: "bg-amber-100 text-amber-900" };

/** One member's hidden fields: which action, on whom. */
function Target({ intent, id }: { intent: string; id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** "{{username}} will be signed out everywhere…", the username isolated left to right. */
export function useDisableWords(username: string): ConfirmWords {
  const { t } = useTranslation("team");
  return {
    title: t("actions.disableTitle"),
    body: <BidiText text={t("actions.disableBody", isolated({ username }))} />,
    confirm: t("actions.disableConfirm"),
    cancel: t("actions.disableCancel"),
  };
}

/** Disable, after a confirmation naming the member (a dialog with JavaScript, `?disable=` without). */
function DisableControl({ member, busy }: { member: MemberRowData; busy: boolean }) {
  const { t } = useTranslation("team");
  const href = useConfirmHref("disable");
  return (
    <ConfirmedAction
      button={t("actions.disable")}
      label={t("actions.disableLabel", { username: member.username })}
      words={useDisableWords(member.username)}
      fields={{ intent: "disable", id: member.id }}
      noScriptHref={href(member.id, "#confirm-disable")}
      pending={busy}
      fallbackFocus={() => document.getElementById("members-list")}
    />
  );
}

function RowActions({ member, me }: { member: MemberRowData; me: boolean }) {
  const { t } = useTranslation("team");
  const { t: tAdmin } = useTranslation("admin");
  const busy = [useIntentPending("role"), useIntentPending("disable"), useIntentPending("enable"), useIntentPending("reset-password"), useIntentPending("reset-link"), useIntentPending("email")].some(Boolean);
  const name = member.username;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" className="flex items-center gap-1.5">
        <Target intent="role" id={member.id} />
        <select name="role" defaultValue={member.role} key={member.role} aria-label={t("actions.roleLabel", { username: name })} className="min-h-10 rounded-full border border-ink-900/15 bg-white px-3 text-sm">
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {tAdmin(`roles.${role}`)}
            </option>
          ))}
        </select>
        <button type="submit" className={small} disabled={busy} aria-label={t("actions.saveRoleLabel", { username: name })}>
          {t("actions.saveRole")}
        </button>
      </Form>
      {me ? null : member.disabled ? (
        <Form method="post">
          <Target intent="enable" id={member.id} />
          <button type="submit" className={small} disabled={busy} aria-label={t("actions.enableLabel", { username: name })}>
            {t("actions.enable")}
          </button>
        </Form>
      ) : (
        <DisableControl member={member} busy={busy} />
      )}
      <details className="group relative">
        <summary className={`${small} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={t("actions.emailLabel", { username: name })}>
          {t("actions.email")}
        </summary>
        <Form method="post" className="absolute end-0 top-full z-20 mt-2 grid w-72 gap-2 rounded-xl border border-ink-900/10 bg-white p-3 shadow-xl">
          <Target intent="email" id={member.id} />
          <label htmlFor={`email-${member.id}`} className="text-sm font-semibold text-ink-900">
            {t("actions.emailLabel", { username: name })}
          </label>
          <input
            id={`email-${member.id}`}
            type="text"
            name="email"
            dir="ltr"
            inputMode="email"
            autoComplete="off"
            defaultValue={member.email ?? ""}
            aria-describedby={`email-${member.id}-hint`}
            className="field-input text-start"
          />
          <p id={`email-${member.id}-hint`} className="text-xs text-ink-700">
            {t("actions.emailHint")}
          </p>
          <button type="submit" className={`${small} justify-self-start`} disabled={busy}>
            {t("actions.saveEmail")}
          </button>
        </Form>
      </details>
      <details className="group relative">
        <summary className={`${small} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={t("actions.resetLabel", { username: name })}>
          {t("actions.reset")}
        </summary>
        <div className="absolute end-0 top-full z-20 mt-2 grid w-60 gap-2 rounded-xl border border-ink-900/10 bg-white p-2 shadow-xl">
          {(["reset-password", "reset-link"] as const).map((intent) => (
            <Form method="post" key={intent}>
              <Target intent={intent} id={member.id} />
              <button type="submit" className={`${small} w-full justify-start`} disabled={busy}>
                {t(intent === "reset-password" ? "actions.resetPassword" : "actions.resetLink")}
              </button>
            </Form>
          ))}
        </div>
      </details>
    </div>
  );
}

/** A cell's heading, shown inside the cell on a phone, where the table is a card per member (its header row is hidden there). */
function PhoneLabel({ children }: { children: string }) {
  return <span className="text-ink-500 md:hidden">{children}: </span>;
}

const cell = `${td} ${stackedCell}`;

/**
 * The team: each member's role, status, two-factor and last sign-in, with the owner's actions. Below md
 * each member is a card (name and status, then each fact with its heading, then the actions, whole):
 * nothing scrolls sideways and no action hides past the screen's edge.
 */
export function MembersTable({ members, me }: { members: MemberRowData[]; me: string }) {
  const { t } = useTranslation("team");
  const { t: tAdmin } = useTranslation("admin");
  const language = useLanguage();
  return (
    <div id="members-list" tabIndex={-1}>
      <AdminTable caption={t("table.caption")} minWidth="58rem" stackOnPhones>
        <thead>
          <tr>
            <th scope="col" className={th}>{t("table.username")}</th>
            <th scope="col" className={th}>{t("table.role")}</th>
            <th scope="col" className={th}>{t("table.status")}</th>
            <th scope="col" className={th}>{t("table.mfa")}</th>
            <th scope="col" className={th}>{t("table.lastSignIn")}</th>
            <th scope="col" className={th}>{t("table.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {members.length === 0 ? <AdminTableMessage colSpan={6}>—</AdminTableMessage> : null}
          {members.map((m) => (
            <tr key={m.id} data-testid="member-row" data-username={m.username} className={stackedRow}>
              <td className={`${cell} font-medium`}>
                <bdi dir="ltr">{m.username}</bdi>
                {m.id === me ? <span className="ms-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">{t("table.you")}</span> : null}
                <span className="mt-0.5 block text-xs font-normal text-ink-700" data-testid="member-email">
                  {m.email ? <bdi dir="ltr">{m.email}</bdi> : t("table.noEmail")}
                </span>
                {m.must_change_password ? <span className="mt-0.5 block text-xs text-ink-500">{t("table.mustChange")}</span> : null}
              </td>
              <td className={`${cell} max-md:col-span-2 max-md:row-start-2`}>
                <PhoneLabel>{t("table.role")}</PhoneLabel>
                <span data-testid="member-role">{tAdmin(`roles.${m.role}`)}</span>
              </td>
              <td className={`${cell} max-md:col-start-2 max-md:row-start-1`}>
                <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone[m.status]}`} data-testid="member-status">
                  {t(`status.${m.status}`)}
                </span>
              </td>
              <td className={`${cell} max-md:col-span-2`}>
                <PhoneLabel>{t("table.mfa")}</PhoneLabel>
                {m.mfa_enabled ? t("mfa.on") : t("mfa.off")}
                {m.mfa_locked ? (
                  <>
                    <span className="mt-1 block text-xs font-semibold text-red-800" data-testid="member-mfa-locked">
                      {t("mfa.locked")}
                    </span>
                    <Form method="post" className="mt-1.5">
                      <Target intent="unlock-mfa" id={m.id} />
                      <button type="submit" className={small} aria-label={t("actions.unlockMfaLabel", { username: m.username })}>
                        {t("actions.unlockMfa")}
                      </button>
                    </Form>
                  </>
                ) : null}
              </td>
              <td className={`${cell} text-ink-700 max-md:col-span-2`}>
                <PhoneLabel>{t("table.lastSignIn")}</PhoneLabel>
                {m.last_sign_in_at ? <AdminTime iso={m.last_sign_in_at} language={language} /> : t("table.never")}
              </td>
              <td className={`${cell} max-md:col-span-2 max-md:mt-2`}>
                <RowActions member={m} me={m.id === me} />
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </div>
  );
}
