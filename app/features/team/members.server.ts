import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { lockForUpdate } from "@db/portable";
import { isUniqueViolation } from "@db/errors";
import type { Kysely, Transaction } from "kysely";
import type { Admin, Database } from "@db/schema";
import { recordAudit, type AuditInput } from "~/platform/audit/audit.server";
import { recordRefusal } from "~/platform/audit/refusals.server";
import { newAdminColumns, normalizeUsername } from "~/features/sign-in/admin-accounts.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { passwordPolicyProblem } from "~/features/sign-in/password-policy.server";
import { resetSecondStepBudget } from "~/features/sign-in/login-limits.server";
import { hashPassword, NO_PASSWORD, randomPassword } from "~/features/sign-in/passwords.server";
import { revokeMemberSessions } from "~/features/sessions/sessions.server";
import { emailTaken, saveEmail } from "~/features/sign-in/member-email.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import type { TeamError } from "./errors";
import { createInvitation, INVITATION_TTL_MS } from "./invitations.server";
import { invitationMail } from "./invitation-mail.server";
import type { Language } from "~/platform/i18n/languages";
import { kickMail, queueMail } from "~/platform/mail/mail.server";
import type { Role } from "~/platform/access/permissions";
import { USERNAME_RULE } from "./schemas";
import type { z } from "~/platform/lib/zod";
import type { adminJsonSchema } from "./json";

/**
 * The team (decision 100): the owner adds members (with a temporary password shown once, or a
 * one-time invitation link valid 24 hours), changes their roles, disables and enables them (a
 * disabled member's sessions end at once) and resets their passwords. The last owner who can sign in
 * (enabled, with a password) can be neither demoted, disabled nor reset to an invitation link. The team screen and `/api/v1/admins/…` call these functions; every
 * change is in the audit trail.
 */
export type By = { admin: AdminIdentity; clientHash: string };
const who = (by: By): Pick<AuditInput, "actor" | "clientHash"> => ({ actor: { id: by.admin.id, username: by.admin.username }, clientHash: by.clientHash });

export type MemberStatus = "active" | "disabled" | "invited" | "invitation_expired";

type MemberRow = Pick<Admin, "id" | "username" | "role" | "disabled_at" | "totp_enabled_at" | "created_at" | "last_sign_in_at" | "must_change_password" | "password_hash" | "mfa_locked_at" | "email"> & {
  invitation_expires_at: string | null;
};

function fieldsOf(row: Pick<MemberRow, "id" | "username" | "email" | "role" | "disabled_at" | "totp_enabled_at" | "created_at" | "last_sign_in_at">) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    disabled: row.disabled_at !== null,
    mfa_enabled: row.totp_enabled_at !== null,
    created_at: row.created_at,
    last_sign_in_at: row.last_sign_in_at,
  };
}

export type MemberView = ReturnType<typeof fieldsOf> & { status: MemberStatus; must_change_password: boolean; mfa_locked: boolean };

/** A member as the API answers it: id, username, email, role, disabled, mfa_enabled, mfa_locked, created_at, last_sign_in_at. */
export function presentAdmin(member: MemberView): z.infer<typeof adminJsonSchema> {
  const { id, username, email, role, disabled, mfa_enabled, mfa_locked, created_at, last_sign_in_at } = member;
  return { id, username, email, role, disabled, mfa_enabled, mfa_locked, created_at, last_sign_in_at };
}

function statusOf(row: MemberRow, now: string): MemberStatus {
  if (row.disabled_at) return "disabled";
  if (row.password_hash === NO_PASSWORD) return row.invitation_expires_at && row.invitation_expires_at > now ? "invited" : "invitation_expired";
  return "active";
}

async function membersQuery() {
  const db = await getDb();
  return db
    .selectFrom("admins")
    .select([
      "id",
      "username",
      "email",
      "role",
      "disabled_at",
      "totp_enabled_at",
      "created_at",
      "last_sign_in_at",
      "must_change_password",
      "password_hash",
      "mfa_locked_at",
      (eb) =>
        eb
          .selectFrom("invitations")
          .select((e) => e.fn.max<string>("expires_at").as("x"))
          .whereRef("invitations.admin_id", "=", "admins.id")
          .where("invitations.used_at", "is", null)
          .as("invitation_expires_at"),
    ]);
}

function view(row: MemberRow, now = new Date().toISOString()): MemberView {
  return { ...fieldsOf(row), status: statusOf(row, now), must_change_password: Number(row.must_change_password) === 1, mfa_locked: row.mfa_locked_at !== null };
}

/** The team, owners first, then by username; ten a page. */
export async function listMembers(page: number): Promise<Page<MemberView>> {
  const db = await getDb();
  const count = await db.selectFrom("admins").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const query = await membersQuery();
  return readPage(Number(count.n), page, async (offset, limit) => {
    const rows = await query
      .orderBy((eb) => eb.case().when("role", "=", "owner").then(0).when("role", "=", "editor").then(1).else(2).end())
      .orderBy("username")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => view(row as MemberRow));
  });
}

export async function getMember(id: string): Promise<MemberView | null> {
  const row = await (await membersQuery()).where("id", "=", id).executeTakeFirst();
  return row ? view(row as MemberRow) : null;
}

/** Which of these usernames are members today (one query), for naming them elsewhere (the audit trail). */
export async function membersByUsername(usernames: readonly string[]): Promise<{ id: string; username: string }[]> {
  if (usernames.length === 0) return [];
  const db = await getDb();
  return db.selectFrom("admins").select(["id", "username"]).where("username", "in", [...new Set(usernames)]).execute();
}

/** How a new (or reset) member gets in: a temporary password shown once, or a one-time link. */
export type Delivery = { kind: "password"; password?: string } | { kind: "link" };
/** A link is also mailed to the member's address when they have one (`mailedTo`). */
export type Credentials = { password: string; invitationUrl?: undefined } | { password?: undefined; invitationUrl: string; mailedTo: string | null };

/**
 * A new invitation link, in the transaction that makes it; mailed to the member's address when they
 * have one (sent after the commit: `kickMail`), in the owner's language.
 */
async function invite(trx: Transaction<Database>, member: { id: string; username: string; role: Role; email: string | null }, lang: Language) {
  const now = new Date();
  const url = await createInvitation(trx, member.id, now);
  if (member.email) {
    const mail = await invitationMail({ to: member.email, username: member.username, role: member.role, url, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), lang });
    await queueMail(trx, [mail], now);
  }
  return { invitationUrl: url, mailedTo: member.email };
}

async function credentialsFor(delivery: Delivery, username: string): Promise<Result<{ hash: string; password?: string; link: boolean }, TeamError>> {
  if (delivery.kind === "link") return ok({ hash: NO_PASSWORD, link: true });
  const password = delivery.password ?? randomPassword();
  const problem = passwordPolicyProblem(password, { username });
  if (problem) return fail(problem);
  return ok({ hash: await hashPassword(password), password, link: false });
}

export async function addMember(
  by: By,
  input: { username: string; email?: string; role: Role; delivery: Delivery; lang?: Language },
): Promise<Result<{ member: MemberView } & Credentials, TeamError>> {
  const username = normalizeUsername(input.username);
  if (!USERNAME_RULE.test(username)) return fail("invalid_username");
  const db = await getDb();
  if (await db.selectFrom("admins").select("id").where("username", "=", username).executeTakeFirst()) return fail("duplicate_username");
  const email = input.email ?? null;
  if (email && (await emailTaken(db, email))) return fail("duplicate_email");
  const secret = await credentialsFor(input.delivery, username);
  if (!secret.ok) return secret;
  const id = randomUUID();
  const now = new Date().toISOString();
  let invitation: { invitationUrl: string; mailedTo: string | null } | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("admins")
        .values({ ...newAdminColumns(now), id, username, email, role: input.role, password_hash: secret.value.hash, must_change_password: secret.value.link ? 0 : 1 })
        .execute();
      if (secret.value.link) invitation = await invite(trx, { id, username, role: input.role, email }, input.lang ?? "en");
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(email && (await emailTaken(db, email)) ? "duplicate_email" : "duplicate_username");
    throw error;
  }
  if (invitation?.mailedTo) kickMail();
  await recordAudit({ ...who(by), action: "team.member_added", target: `admin:${username}`, detail: { role: input.role, delivery: input.delivery.kind, email: email !== null, mailed: Boolean(invitation?.mailedTo) } });
  const member = (await getMember(id))!;
  return ok(invitation ? { member, ...invitation } : { member, password: secret.value.password! });
}

/** What PATCH changes: the role, disabled, `mfa_locked: false` (lifts the second-step lock), the e-mail address (null removes it). */
type Change = { role?: Role; disabled?: boolean; mfa_locked?: false; email?: string | null };

type OwnerFacts = Pick<Admin, "role" | "disabled_at" | "password_hash">;

/** An owner who can sign in: enabled, with a password (an owner whose invitation is pending cannot). */
const signsInAsOwner = (row: OwnerFacts) => row.role === "owner" && row.disabled_at === null && row.password_hash !== NO_PASSWORD;

/**
 * The one last-owner rule (demoting, disabling, resetting by link): a change that leaves no owner who
 * can sign in is refused. Call first inside the change's transaction: it reads, and on PostgreSQL
 * locks, the owners who can sign in, so two owners demoting each other at once cannot both win.
 */
async function lastOwnerRule(trx: Kysely<Database>) {
  const owners = await trx
    .selectFrom("admins")
    .select("id")
    .where("role", "=", "owner")
    .where("disabled_at", "is", null)
    .where("password_hash", "!=", NO_PASSWORD)
    .$call(lockForUpdate(trx))
    .execute();
  return (before: OwnerFacts, after: OwnerFacts) => signsInAsOwner(before) && !signsInAsOwner(after) && owners.length <= 1;
}

/** A change the rules refuse, in the audit trail (rate-limited per client, decision 150), then the refusal. */
async function refused<E extends "last_owner" | "cannot_disable_self">(by: By, id: string, error: E, asked: Record<string, string | boolean | null>) {
  const db = await getDb();
  const member = await db.selectFrom("admins").select("username").where("id", "=", id).executeTakeFirst();
  await recordRefusal({ ...who(by), clientHash: by.clientHash, action: "team.change_refused", target: `admin:${member?.username ?? id}`, detail: { error, ...asked } });
  return fail(error);
}

/**
 * Changes a member's role and/or whether they are disabled, in one transaction that holds the rule:
 * the last owner who can sign in is never demoted or disabled. Disabling ends the member's sessions at once.
 */
export async function updateMember(by: By, id: string, change: Change): Promise<Result<MemberView, TeamError>> {
  if (change.email !== undefined) {
    const outcome = await changeMemberEmail(by, id, change.email);
    if (!outcome.ok || (change.role === undefined && change.disabled === undefined && change.mfa_locked === undefined)) return outcome;
  }
  if (change.role === undefined && change.disabled === undefined) return change.mfa_locked === false ? unlockSecondStep(by, id) : fail("nothing_to_change");
  if (change.disabled === true && id === by.admin.id) return refused(by, id, "cannot_disable_self", { disabled: true });
  const db = await getDb();
  const now = new Date().toISOString();
  const outcome = await db.transaction().execute(async (trx): Promise<Result<Admin, TeamError>> => {
    const leavesNoOwner = await lastOwnerRule(trx);
    const before = await trx.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return fail("not_found");
    const disabledAt = change.disabled === undefined ? before.disabled_at : change.disabled ? (before.disabled_at ?? now) : null;
    if (leavesNoOwner(before, { ...before, role: change.role ?? before.role, disabled_at: disabledAt })) return fail("last_owner");
    await trx.updateTable("admins").set({ role: change.role ?? before.role, disabled_at: disabledAt, updated_at: now }).where("id", "=", id).execute();
    return ok(before);
  });
  if (!outcome.ok) return outcome.error === "last_owner" ? refused(by, id, "last_owner", { role: change.role ?? null, disabled: change.disabled ?? null }) : outcome;
  const before = outcome.value;
  const target = `admin:${before.username}`;
  if (change.role !== undefined && change.role !== before.role) {
    await recordAudit({ ...who(by), action: "team.role_changed", target, detail: { from: before.role, to: change.role } });
  }
  if (change.disabled === true && before.disabled_at === null) {
    const ended = await revokeMemberSessions(id);
    await recordAudit({ ...who(by), action: "team.member_disabled", target, detail: { sessions_ended: ended } });
  }
  if (change.disabled === false && before.disabled_at !== null) {
    await recordAudit({ ...who(by), action: "team.member_enabled", target });
  }
  if (change.mfa_locked === false) return unlockSecondStep(by, id);
  return ok((await getMember(id))!);
}

/** Sets or (null) removes a member's e-mail address; another member's address is refused. Audited without the address. */
async function changeMemberEmail(by: By, id: string, email: string | null): Promise<Result<MemberView, TeamError>> {
  const db = await getDb();
  const member = await db.selectFrom("admins").select("username").where("id", "=", id).executeTakeFirst();
  if (!member) return fail("not_found");
  const saved = await saveEmail(db, id, email);
  if (!saved.ok) return saved;
  if (saved.value) await recordAudit({ ...who(by), action: "team.email_changed", target: `admin:${member.username}`, detail: { email: email ? "set" : "removed" } });
  return ok((await getMember(id))!);
}

/**
 * Lifts a member's second-step lock (set when too many wrong codes were tried for the account,
 * decision 150): their second step works again from anywhere, with a fresh budget. Audited.
 */
export async function unlockSecondStep(by: By, id: string): Promise<Result<MemberView, TeamError>> {
  const db = await getDb();
  const member = await db.selectFrom("admins").select(["username", "mfa_locked_at"]).where("id", "=", id).executeTakeFirst();
  if (!member) return fail("not_found");
  if (member.mfa_locked_at !== null) {
    await db.updateTable("admins").set({ mfa_locked_at: null, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    await resetSecondStepBudget(member.username);
    await recordAudit({ ...who(by), action: "team.second_step_unlocked", target: `admin:${member.username}`, detail: { locked_at: member.mfa_locked_at } });
  }
  return ok((await getMember(id))!);
}

/**
 * Resets a member's password: their sessions end, and they get in again with a new temporary
 * password (shown once, to be changed at sign-in) or a new invitation link.
 */
export async function resetMemberPassword(by: By, id: string, delivery: Delivery, lang: Language = "en"): Promise<Result<{ member: MemberView } & Credentials, TeamError>> {
  const db = await getDb();
  const member = await db.selectFrom("admins").select(["id", "username", "role", "email"]).where("id", "=", id).executeTakeFirst();
  if (!member) return fail("not_found");
  const secret = await credentialsFor(delivery, member.username);
  if (!secret.ok) return secret;
  const now = new Date().toISOString();
  let invitation: { invitationUrl: string; mailedTo: string | null } | undefined;
  const refusal = await db.transaction().execute(async (trx): Promise<"last_owner" | null> => {
    const leavesNoOwner = await lastOwnerRule(trx);
    const before = await trx.selectFrom("admins").select(["role", "disabled_at", "password_hash"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (leavesNoOwner(before, { ...before, password_hash: secret.value.hash })) return "last_owner";
    await trx
      .updateTable("admins")
      .set({ password_hash: secret.value.hash, must_change_password: secret.value.link ? 0 : 1, password_changed_at: null, updated_at: now })
      .where("id", "=", id)
      .execute();
    // An earlier link of this member stops working.
    await trx.updateTable("invitations").set({ used_at: now }).where("admin_id", "=", id).where("used_at", "is", null).execute();
    if (secret.value.link) invitation = await invite(trx, member, lang);
    return null;
  });
  if (refusal) return refused(by, id, refusal, { reset: delivery.kind });
  if (invitation?.mailedTo) kickMail();
  const ended = await revokeMemberSessions(id);
  await recordAudit({ ...who(by), action: "team.password_reset", target: `admin:${member.username}`, detail: { delivery: delivery.kind, sessions_ended: ended, mailed: Boolean(invitation?.mailedTo) } });
  const updated = (await getMember(id))!;
  return ok(invitation ? { member: updated, ...invitation } : { member: updated, password: secret.value.password! });
}
