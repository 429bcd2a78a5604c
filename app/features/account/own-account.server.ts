import { getDb } from "@db/db.server";
import { recordAudit, type AuditActor } from "~/platform/audit/audit.server";
import { brand } from "~/platform/lib/env.server";
import { fail, ok, rateLimited, type Result } from "~/platform/lib/result";
import type { AdminIdentity } from "~/platform/access/identity";
import { completeLoginAttempt, takeLoginAttempt, type LoginKeys } from "../sign-in/login-limits.server";
import { passwordPolicyProblem, type PasswordProblem } from "../sign-in/password-policy.server";
import { hashPassword, verifyPassword } from "../sign-in/passwords.server";
import { checkSecondFactor, recoveryCodesLeft, replaceRecoveryCodes } from "../sign-in/second-factor.server";
import { endMemberSession, listMemberSessions, revokeMemberSessions } from "../sessions/sessions.server";
import { groupSecret, matchTotp, newTotpSecret, openSecret, sealSecret, totpQrDataUri, totpUri } from "../sign-in/totp.server";
import { describeUserAgent } from "./user-agent";
import { saveEmail } from "../sign-in/member-email.server";
import { mayGetNotices } from "~/platform/notices/notices.server";
import type { Language } from "~/platform/i18n/languages";
import type { NoticeMode } from "@db/schema";

/**
 * A member's own account (decision 102): their password, their two-factor sign-in and their
 * sessions. Every change is in the audit trail. The account page and `POST /api/v1/users/password/`
 * call these functions.
 */
type Who = { admin: AdminIdentity; clientHash: string };

const actor = (admin: AdminIdentity): AuditActor => ({ id: admin.id, username: admin.username });
const target = (admin: AdminIdentity) => `admin:${admin.username}`;

async function memberRow(id: string) {
  const db = await getDb();
  return db
    .selectFrom("admins")
    .select(["id", "username", "password_hash", "totp_secret", "totp_enabled_at", "totp_last_step", "password_changed_at", "email", "notify", "notify_lang"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** A guess at a secret of the member (their password, a code) is limited like a sign-in attempt. */
async function guarded<T extends string>(who: Who, check: () => Promise<boolean>, wrong: T): Promise<Result<true, T | "rate_limited">> {
  const keys: LoginKeys = { username: who.admin.username, client: who.clientHash, device: null };
  const attempt = await takeLoginAttempt(keys);
  if (!attempt.allowed) return rateLimited(attempt.retryAfterSeconds);
  if (!(await check())) return fail(wrong);
  await completeLoginAttempt(keys);
  return ok(true);
}

export type ChangePasswordError = PasswordProblem | "wrong_password" | "same_password" | "rate_limited";

/**
 * Changes the member's password: the current one is required, the new one must pass the password
 * rule; every other session of the member ends (this one stays signed in).
 */
export async function changePassword(who: Who, input: { current: string; next: string }): Promise<Result<{ endedSessions: number }, ChangePasswordError>> {
  const problem = passwordPolicyProblem(input.next, { username: who.admin.username });
  if (problem) return fail(problem);
  const row = await memberRow(who.admin.id);
  const checked = await guarded(who, () => verifyPassword(row.password_hash, input.current), "wrong_password");
  if (!checked.ok) {
    await recordAudit({ action: "account.password_changed", actor: actor(who.admin), target: target(who.admin), outcome: checked.error === "rate_limited" ? "refused" : "failure", clientHash: who.clientHash, detail: { reason: checked.error } });
    return checked;
  }
  if (input.next === input.current) return fail("same_password");
  const now = new Date().toISOString();
  const db = await getDb();
  await db
    .updateTable("admins")
    .set({ password_hash: await hashPassword(input.next), password_changed_at: now, updated_at: now, must_change_password: 0 })
    .where("id", "=", who.admin.id)
    .execute();
  const endedSessions = await revokeMemberSessions(who.admin.id, { except: who.admin.sessionId });
  await recordAudit({ action: "account.password_changed", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash, detail: { other_sessions_ended: endedSessions } });
  return ok({ endedSessions });
}

/** Starts (or restarts) enrolment: a new secret, kept encrypted until the member confirms a code. */
export async function startMfaEnrolment(who: Who): Promise<Result<true, "mfa_already_on">> {
  const db = await getDb();
  const result = await db
    .updateTable("admins")
    .set({ totp_secret: sealSecret(newTotpSecret()), totp_last_step: null })
    .where("id", "=", who.admin.id)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? ok(true) : fail("mfa_already_on");
}

/** What the enrolment step shows: the QR and the typed secret (only while enrolment is pending). */
export async function pendingEnrolment(admin: AdminIdentity) {
  const row = await memberRow(admin.id);
  if (row.totp_enabled_at || !row.totp_secret) return null;
  const secret = openSecret(row.totp_secret);
  if (!secret) return null;
  const uri = totpUri(secret, brand().name, admin.username);
  return { secret: groupSecret(secret), qr: await totpQrDataUri(uri) };
}

/** Confirms enrolment with a code from the app: two-factor is on, and ten recovery codes are made (shown once). */
export async function confirmMfa(who: Who, code: string, now = Date.now()): Promise<Result<{ recoveryCodes: string[] }, "wrong_code" | "no_enrolment" | "mfa_already_on">> {
  const row = await memberRow(who.admin.id);
  if (row.totp_enabled_at) return fail("mfa_already_on");
  const secret = row.totp_secret ? openSecret(row.totp_secret) : null;
  if (!secret) return fail("no_enrolment");
  const step = await matchTotp(secret, code, { now });
  if (step === null) return fail("wrong_code");
  const db = await getDb();
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable("admins")
      .set({ totp_enabled_at: new Date(now).toISOString(), totp_last_step: step })
      .where("id", "=", who.admin.id)
      .where("totp_enabled_at", "is", null)
      .executeTakeFirst();
    if (Number(enabled.numUpdatedRows) !== 1) return null;
    return replaceRecoveryCodes(trx, who.admin.id);
  });
  if (!recoveryCodes) return fail("mfa_already_on");
  await recordAudit({ action: "account.mfa_enabled", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash });
  return ok({ recoveryCodes });
}

type CodeError = "wrong_code" | "mfa_not_on" | "rate_limited";

/** Checks a code of the member's second factor, limited like a sign-in (a stolen session cannot guess). */
async function provedSecondFactor(who: Who, code: string): Promise<Result<true, CodeError>> {
  const row = await memberRow(who.admin.id);
  if (!row.totp_enabled_at) return fail("mfa_not_on");
  return guarded(who, async () => (await checkSecondFactor(row, code)) !== null, "wrong_code");
}

/** Turns two-factor off, with a code from the app or a recovery code. */
export async function disableMfa(who: Who, code: string): Promise<Result<true, CodeError>> {
  const proved = await provedSecondFactor(who, code);
  if (!proved.ok) {
    if (proved.error !== "mfa_not_on") await recordAudit({ action: "account.mfa_disabled", actor: actor(who.admin), target: target(who.admin), outcome: proved.error === "rate_limited" ? "refused" : "failure", clientHash: who.clientHash });
    return proved;
  }
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("admins").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where("id", "=", who.admin.id).execute();
    await trx.deleteFrom("recovery_codes").where("admin_id", "=", who.admin.id).execute();
  });
  await recordAudit({ action: "account.mfa_disabled", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash });
  return ok(true);
}

/** Ten new recovery codes (the old ones stop working), with a code from the app or a recovery code. */
export async function renewRecoveryCodes(who: Who, code: string): Promise<Result<{ recoveryCodes: string[] }, CodeError>> {
  const proved = await provedSecondFactor(who, code);
  if (!proved.ok) return proved;
  const db = await getDb();
  const recoveryCodes = await replaceRecoveryCodes(db, who.admin.id);
  await recordAudit({ action: "account.recovery_codes_renewed", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash });
  return ok({ recoveryCodes });
}

/** "Sign out" of one of the member's sessions (another device, or this one). */
export async function endOwnSession(who: Who, sessionId: string): Promise<Result<{ current: boolean }, "session_not_found">> {
  if (!(await endMemberSession(who.admin.id, sessionId))) return fail("session_not_found");
  await recordAudit({ action: "account.session_ended", actor: actor(who.admin), target: `session:${sessionId}`, clientHash: who.clientHash });
  return ok({ current: sessionId === who.admin.sessionId });
}

/** "Sign out everywhere else": every session of the member but this one. */
export async function endOtherSessions(who: Who): Promise<number> {
  const ended = await revokeMemberSessions(who.admin.id, { except: who.admin.sessionId });
  await recordAudit({ action: "account.other_sessions_ended", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash, detail: { ended } });
  return ended;
}

/**
 * Sets (or, with null, removes) the member's own e-mail address, already normalised by the schema
 * (trimmed, lower case). Another member's address is refused. Audited, the address itself left out.
 */
export async function setOwnEmail(who: Who, email: string | null): Promise<Result<true, "duplicate_email">> {
  const db = await getDb();
  const outcome = await saveEmail(db, who.admin.id, email);
  if (!outcome.ok) return outcome;
  if (outcome.value) await recordAudit({ action: "account.email_changed", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash, detail: { email: email ? "set" : "removed" } });
  return ok(true);
}

/**
 * The member's notices about new alerts and reports (decision 164): off, immediately or a daily
 * digest, in `lang` (the page's language when they choose). Only for a role that reads alerts or
 * reports, and, to turn them on, with an e-mail address. Audited when something changed.
 */
export async function setOwnNotices(who: Who, mode: NoticeMode, lang: Language): Promise<Result<true, "notices_need_email" | "forbidden">> {
  if (!mayGetNotices(who.admin.role)) {
    await recordAudit({ action: "account.notices_changed", actor: actor(who.admin), target: target(who.admin), outcome: "refused", clientHash: who.clientHash, detail: { reason: "forbidden" } });
    return fail("forbidden");
  }
  const row = await memberRow(who.admin.id);
  if (mode !== "off" && !row.email) return fail("notices_need_email");
  if (row.notify === mode && (mode === "off" || row.notify_lang === lang)) return ok(true);
  const db = await getDb();
  await db.updateTable("admins").set({ notify: mode, notify_lang: lang, updated_at: new Date().toISOString() }).where("id", "=", who.admin.id).execute();
  await recordAudit({ action: "account.notices_changed", actor: actor(who.admin), target: target(who.admin), clientHash: who.clientHash, detail: { notify: mode, lang } });
  return ok(true);
}

/** Everything the account page shows. */
export async function accountOverview(admin: AdminIdentity) {
  const row = await memberRow(admin.id);
  const sessions = await listMemberSessions(admin.id);
  return {
    username: admin.username,
    role: admin.role,
    email: row.email,
    notify: row.notify,
    noticesAllowed: mayGetNotices(admin.role),
    passwordChangedAt: row.password_changed_at,
    mfaEnabled: row.totp_enabled_at !== null,
    mfaEnabledAt: row.totp_enabled_at,
    recoveryCodesLeft: row.totp_enabled_at ? await recoveryCodesLeft(admin.id) : 0,
    enrolment: await pendingEnrolment(admin),
    sessions: sessions.map((s) => ({ ...s, ...describeUserAgent(s.user_agent), current: s.id === admin.sessionId })),
  };
}
