import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database } from "@db/schema";
import { recordAudit } from "~/platform/audit/audit.server";
import { passwordPolicyProblem, type PasswordProblem } from "~/features/sign-in/password-policy.server";
import { hashPassword, NO_PASSWORD } from "~/features/sign-in/passwords.server";
import { env } from "~/platform/lib/env.server";
import { fail, ok, type Result } from "~/platform/lib/result";

/**
 * One-time invitation links (decision 100): valid 24 hours, good for setting the member's first
 * password once. Only a hash of the token is stored; the link is shown to the owner once.
 */
export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;
export const INVITATION_PATH = "/admin/invitation";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function invitationUrl(token: string): string {
  return `${env().SITE_URL}${INVITATION_PATH}/${token}`;
}

/** A new invitation for a member; returns its link (the only time the token exists in clear). */
export async function createInvitation(trx: Transaction<Database>, adminId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("invitations")
    .values({ id: randomUUID(), admin_id: adminId, token_hash: sha256(token), created_at: now.toISOString(), expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(), used_at: null })
    .execute();
  return invitationUrl(token);
}

/** The member an invitation link is for, while it is unused, unexpired and the member is enabled. */
export async function openInvitation(token: string, now = new Date()) {
  if (!TOKEN.test(token)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("invitations")
    .innerJoin("admins", "admins.id", "invitations.admin_id")
    .select(["invitations.id", "admins.id as admin_id", "admins.username", "admins.role", "invitations.expires_at"])
    .where("invitations.token_hash", "=", sha256(token))
    .where("invitations.used_at", "is", null)
    .where("invitations.expires_at", ">", now.toISOString())
    .where("admins.disabled_at", "is", null)
    .where("admins.password_hash", "=", NO_PASSWORD)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets the invited member's password and uses the link up (once: of two at the same time, one wins). */
export async function acceptInvitation(
  token: string,
  password: string,
  clientHash: string,
): Promise<Result<{ username: string }, "invitation_invalid" | PasswordProblem>> {
  const invitation = await openInvitation(token);
  if (!invitation) return fail("invitation_invalid");
  const problem = passwordPolicyProblem(password, { username: invitation.username });
  if (problem) return fail(problem);
  const hash = await hashPassword(password);
  const db = await getDb();
  const now = new Date().toISOString();
  const accepted = await db.transaction().execute(async (trx) => {
    const used = await trx.updateTable("invitations").set({ used_at: now }).where("id", "=", invitation.id).where("used_at", "is", null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable("admins")
      .set({ password_hash: hash, password_changed_at: now, must_change_password: 0, updated_at: now })
      .where("id", "=", invitation.admin_id)
      .where("password_hash", "=", NO_PASSWORD)
      .execute();
    return true;
  });
  if (!accepted) return fail("invitation_invalid");
  await recordAudit({ action: "team.invitation_accepted", actor: { id: invitation.admin_id, username: invitation.username }, target: `admin:${invitation.username}`, clientHash });
  return ok({ username: invitation.username });
}
