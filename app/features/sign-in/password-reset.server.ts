import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { fail, ok, type RateLimited, type Result } from "~/platform/lib/result";
import { mailableMember, queueAccountMail, type AccountMailRequest } from "./account-mail-queue.server";
import { kickMail, queueMail } from "~/platform/mail/mail.server";
import { siteLink } from "~/platform/mail/render.server";
import { passwordPolicyProblem, type PasswordProblem } from "./password-policy.server";
import { hashPassword } from "./passwords.server";
import { accountLinkMail } from "./account-link-mail.server";
import { revokeMemberSessions } from "../sessions/sessions.server";

/**
 * "Forgot your password?" (decision 161). A member gives their username or e-mail address; the page
 * answers the same at once whether or not an account matches: the request is only queued
 * (./account-mail-queue.server.ts, issue 42), and the lookup, the link and the mail are made later by
 * the outbox's loop, with the same rendering for a name that matches no one, so neither the answer nor
 * the next request on its connection says anything. A matching enabled member with an address gets a
 * single-use link valid 30 minutes; its token is stored only as a keyed hash. The reset sets a new
 * password by the password rule, ends every session of the member and leaves two-factor on (it is
 * asked at the next sign-in). Limited per client (the form) and per account (the mails); audited.
 */
export const RESET_TTL_MS = 30 * 60_000;
export const RESET_PATH = "/admin/reset-password";
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Requests per client per 15 minutes; mails per account per hour. */
const clientLimiter = createLimiter("password-reset-client", () => 5, 15 * 60);
const accountLimiter = createLimiter("password-reset-account", () => 3, 60 * 60);

const tokenHash = (token: string) => createHmac("sha256", getServerSecret("password-reset")).update(token).digest("base64url");

/**
 * A request from the form. Refused only by the client's limit; otherwise queued, the same for every
 * input (the outbox's loop calls sendResetLink later; tests call deliverAccountMail).
 */
export async function requestPasswordReset(input: AccountMailRequest): Promise<Result<null, never> | RateLimited> {
  const limit = await clientLimiter.consume(input.clientHash);
  if (!limit.allowed) return asRateLimited(limit);
  await queueAccountMail("password_reset", input);
  return ok(null);
}

/**
 * The queued request's work: a matching enabled member with an address, within the account's hourly
 * mails, gets a new link (an earlier one stops working), mailed and audited. Whoever was named, the
 * same link and mail are made and rendered: a name that matches no one costs what a member costs.
 */
export async function sendResetLink({ identifier, clientHash, lang }: AccountMailRequest): Promise<void> {
  const { member, mails, name } = await mailableMember(identifier, accountLimiter);
  const now = new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  const mail = await accountLinkMail("reset", { to: member?.email ?? "nobody@invalid", username: member?.username ?? name, url: siteLink(`${RESET_PATH}/${token}`), expiresAt, lang });
  if (!member || !mails) return;
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    // One link at a time: an earlier one stops working.
    await trx.updateTable("password_resets").set({ used_at: now.toISOString() }).where("admin_id", "=", member.id).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_resets")
      .values({ id: randomUUID(), admin_id: member.id, token_hash: tokenHash(token), created_at: now.toISOString(), expires_at: expiresAt.toISOString(), used_at: null })
      .execute();
    await queueMail(trx, [mail], now);
  });
  kickMail();
  await recordAudit({ action: "account.password_reset_requested", actor: { id: member.id, username: member.username }, target: `admin:${member.username}`, clientHash });
}

/** The member a reset link is for, while it is unused, unexpired and the member enabled. */
export async function openPasswordReset(token: string, now = new Date()) {
  if (!TOKEN.test(token)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("admins", "admins.id", "password_resets.admin_id")
    .select(["password_resets.id", "admins.id as admin_id", "admins.username"])
    .where("password_resets.token_hash", "=", tokenHash(token))
    .where("password_resets.used_at", "is", null)
    .where("password_resets.expires_at", ">", now.toISOString())
    .where("admins.disabled_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the new password from the link (once: of two at the same time, one wins) and ends every session of the member. */
export async function completePasswordReset(token: string, password: string, clientHash: string): Promise<Result<{ username: string }, "reset_invalid" | PasswordProblem>> {
  const reset = await openPasswordReset(token);
  if (!reset) return fail("reset_invalid");
  const problem = passwordPolicyProblem(password, { username: reset.username });
  if (problem) return fail(problem);
  const hash = await hashPassword(password);
  const db = await getDb();
  const now = new Date().toISOString();
  const done = await db.transaction().execute(async (trx) => {
    const used = await trx.updateTable("password_resets").set({ used_at: now }).where("id", "=", reset.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx.updateTable("admins").set({ password_hash: hash, password_changed_at: now, must_change_password: 0, updated_at: now }).where("id", "=", reset.admin_id).execute();
    // A pending invitation of the member is used up with it (they now have a password).
    await trx.updateTable("invitations").set({ used_at: now }).where("admin_id", "=", reset.admin_id).where("used_at", "is", null).execute();
    return true;
  });
  if (!done) return fail("reset_invalid");
  const ended = await revokeMemberSessions(reset.admin_id);
  await recordAudit({ action: "account.password_reset", actor: { id: reset.admin_id, username: reset.username }, target: `admin:${reset.username}`, clientHash, detail: { sessions_ended: ended } });
  return ok({ username: reset.username });
}
