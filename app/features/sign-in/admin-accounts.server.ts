import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import type { Role } from "~/platform/access/permissions";
import { passwordLengthProblem, PASSWORD_PROBLEM_TEXT } from "./password-policy.server";
import { hashPassword } from "./passwords.server";

/** Usernames are compared trimmed and in lower case: "Admin" and "admin " are the same account. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export const USERNAME_PATTERN = /^[a-z0-9._@-]{5,64}$/;

export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(normalizeUsername(username))
    ? null
    : "Username must be 5-64 characters: letters, digits, dot, dash, underscore or @.";
}

/** The command line's words when a password is too short or too long (the rule is password-policy.server.ts's). */
export function passwordProblem(password: string): string | null {
  const problem = passwordLengthProblem(password);
  return problem ? PASSWORD_PROBLEM_TEXT[problem] : null;
}

export async function findAdminByUsername(username: string) {
  const db = await getDb();
  return db.selectFrom("admins").selectAll().where("username", "=", normalizeUsername(username)).executeTakeFirst();
}

export async function countAdmins(): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom("admins").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates an admin (an owner unless told otherwise), or resets the password of an existing one (which
 * also ends every session of that admin). Validates both; throws an Error with a readable message on
 * bad input. The command line's way in (`npm run admin:create`); the team screen has its own.
 */
export async function createOrResetAdmin(
  username: string,
  password: string,
  options: { role?: Role } = {},
): Promise<{ id: string; username: string; created: boolean }> {
  const problem = usernameProblem(username) ?? passwordProblem(password);
  if (problem) throw new Error(problem);
  const name = normalizeUsername(username);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const now = new Date().toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("admins").select("id").where("username", "=", name).executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("admins")
        .set({ password_hash: passwordHash, updated_at: now, password_changed_at: now, must_change_password: 0 })
        .where("id", "=", existing.id)
        .execute();
      await trx
        .updateTable("refresh_tokens")
        .set({ revoked_at: now })
        .where("admin_id", "=", existing.id)
        .where("revoked_at", "is", null)
        .execute();
      return { id: existing.id, username: name, created: false };
    }
    const id = randomUUID();
    await trx
      .insertInto("admins")
      .values({ ...newAdminColumns(now), id, username: name, password_hash: passwordHash, role: options.role ?? "owner", password_changed_at: now })
      .execute();
    return { id, username: name, created: true };
  });
  await recordAudit({
    action: result.created ? "team.member_added" : "team.password_reset",
    actor: null,
    target: `admin:${result.username}`,
    detail: { via: "command line", ...(result.created ? { role: options.role ?? "owner" } : {}) },
  });
  return result;
}

/** The columns of a new admins row that every way of creating one sets the same. */
export function newAdminColumns(now: string) {
  return {
    created_at: now,
    updated_at: now,
    disabled_at: null,
    must_change_password: 0,
    password_changed_at: null,
    last_sign_in_at: null,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    mfa_locked_at: null,
  };
}

/**
 * Turns a member's two-factor off and deletes their recovery codes (the operator's way back in for a
 * member who lost both phone and codes: `npm run admin:create -- --username NAME --disable-2fa`).
 */
export async function disableTwoFactor(username: string): Promise<boolean> {
  const db = await getDb();
  const admin = await db.selectFrom("admins").select(["id", "username"]).where("username", "=", normalizeUsername(username)).executeTakeFirst();
  if (!admin) return false;
  await db.transaction().execute(async (trx) => {
    // Also lifts a second-step lock (decision 150): with two-factor off there is no second step to guess.
    await trx.updateTable("admins").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, mfa_locked_at: null }).where("id", "=", admin.id).execute();
    await trx.deleteFrom("recovery_codes").where("admin_id", "=", admin.id).execute();
  });
  await recordAudit({ action: "account.mfa_disabled", actor: null, target: `admin:${admin.username}`, detail: { via: "command line" } });
  return true;
}
