import { createHash, randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { recordRefusal } from "~/platform/audit/refusals.server";
import { fail, ok, rateLimited, type Result } from "~/platform/lib/result";
import { normalizeUsername } from "./admin-accounts.server";
import { ensureInitialAdmin } from "./bootstrap.server";
import { deviceFor } from "./device-cookie.server";
import { completeLoginAttempt, MFA_ACCOUNT_BUDGET, takeLoginAttempt, takeSecondStepAttempt, type LoginKeys } from "./login-limits.server";
import { verifyAgainstDummy, verifyPassword } from "./passwords.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { authenticateAccessToken, startSession, type TokenPair } from "../sessions/sessions.server";
import { checkSecondFactor } from "./second-factor.server";

/**
 * The one place a member signs in, for the login page and the API alike (decision 103):
 *   1. the attempt is taken from the limits (refused: 429, nothing checked);
 *   2. the password is checked (a missing, disabled or password-less account costs the same argon2 work);
 *   3. with two-factor on, a short-lived token good only for the second step (and only from the client
 *      that received it) is answered instead of a session; the password keeps its point until the
 *      sign-in completes. The second step takes from the same limits and from the account's
 *      second-step budget across clients, past which it locks until an owner lifts it (a browser with
 *      the account's device cookie is counted on its own and never locked out); a wrong code is a
 *      failed sign-in (decision 150).
 * Every outcome is in the audit trail.
 */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

type Member = { id: string; username: string };
export type SignedIn = { step: "signed_in"; admin: AdminIdentity; tokens: TokenPair };
export type SecondStep = { step: "mfa_required"; mfaToken: string; expiresIn: number };
export type LoginOutcome = Result<SignedIn | SecondStep, "invalid_credentials" | "rate_limited">;
export type MfaOutcome = Result<SignedIn, "invalid_mfa_token" | "invalid_code" | "rate_limited" | "second_step_locked">;

export type ClientFacts = {
  /** Keyed hash of the client address. */
  clientKey: string;
  /** The browser's device cookie, if any (see device-cookie.server.ts). */
  deviceToken?: string | null;
  userAgent?: string;
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** What the limits count an attempt by: the account, the client, and the browser's device for the account (and its kind). */
function loginKeys(username: string, input: ClientFacts): LoginKeys {
  const device = deviceFor(input.deviceToken ?? null, username);
  return { username, client: input.clientKey, device: device?.id ?? null, deviceSignedIn: device?.signedIn ?? false };
}

async function refused(keys: LoginKeys, attempt: { retryAfterSeconds: number; lockedNow: boolean; bucket: string }, actor: Member | null, step: string) {
  // One entry when a limit shuts, not one per knock (a flood of refused attempts writes nothing more).
  if (attempt.lockedNow) {
    await recordAudit({
      action: "sign_in.locked",
      actor: actor ?? { id: null, username: keys.username },
      target: actor ? `admin:${actor.username}` : null,
      outcome: "refused",
      clientHash: keys.client,
      detail: { step, limit: attempt.bucket, retry_after_seconds: attempt.retryAfterSeconds },
    });
  }
  return rateLimited(attempt.retryAfterSeconds);
}

export async function attemptLogin(input: { username: string; password: string } & ClientFacts): Promise<LoginOutcome> {
  await ensureInitialAdmin();
  const username = normalizeUsername(input.username).slice(0, 128);
  const keys = loginKeys(username, input);
  const attempt = await takeLoginAttempt(keys);
  if (!attempt.allowed) return refused(keys, attempt, null, "password");

  const db = await getDb();
  const admin = await db
    .selectFrom("admins")
    .select(["id", "username", "password_hash", "disabled_at", "totp_enabled_at"])
    .where("username", "=", username)
    .executeTakeFirst();
  const valid = admin ? await verifyPassword(admin.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!admin || !valid || admin.disabled_at) {
    await recordAudit({
      action: "sign_in.failure",
      actor: { id: admin?.id ?? null, username },
      target: admin ? `admin:${admin.username}` : null,
      outcome: "failure",
      clientHash: keys.client,
      detail: { step: "password", ...(admin && valid && admin.disabled_at ? { reason: "disabled" } : {}) },
    });
    return fail("invalid_credentials");
  }
  const member = { id: admin.id, username: admin.username };

  if (admin.totp_enabled_at) {
    // The password was right, but its point stays taken until the sign-in completes: knowing the
    // password buys no further attempts (decision 150). The token is good only from this client.
    const token = randomBytes(32).toString("base64url");
    const now = new Date();
    await db
      .insertInto("mfa_challenges")
      .values({
        id: randomUUID(),
        admin_id: admin.id,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + MFA_TOKEN_TTL_SECONDS * 1000).toISOString(),
        used_at: null,
        client_hash: keys.client,
      })
      .execute();
    await recordAudit({ action: "sign_in.mfa_required", actor: member, target: `admin:${member.username}`, clientHash: keys.client });
    return ok({ step: "mfa_required", mfaToken: token, expiresIn: MFA_TOKEN_TTL_SECONDS });
  }

  return signedIn(member, keys, input.userAgent, null);
}

/** A completed sign-in: the limits forget this account's failures here, a session starts, the trail says so. */
async function signedIn(member: Member, keys: LoginKeys, userAgent: string | undefined, secondFactor: "totp" | "recovery" | null): Promise<Result<SignedIn, never>> {
  // The password's point and, with two-factor, the code's.
  await completeLoginAttempt(keys, secondFactor ? 2 : 1);
  const tokens = await startSession(member, { userAgent, clientHash: keys.client, secondFactor });
  await recordAudit({ action: "sign_in.success", actor: member, target: `admin:${member.username}`, clientHash: keys.client, detail: secondFactor ? { second_factor: secondFactor } : undefined });
  // The member as every later request sees them (role, a password to change, two-factor to set up).
  const admin = (await authenticateAccessToken(tokens.accessToken))!;
  return ok({ step: "signed_in", admin, tokens });
}

/**
 * The account's second-step budget ran out: its second step locks (once: one audit entry) until an
 * owner lifts it on the team screen or `--disable-2fa` turns two-factor off.
 */
async function lockSecondStep(member: Member, keys: LoginKeys): Promise<MfaOutcome> {
  const db = await getDb();
  const locked = await db.updateTable("admins").set({ mfa_locked_at: new Date().toISOString() }).where("id", "=", member.id).where("mfa_locked_at", "is", null).executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 1) {
    await recordAudit({
      action: "sign_in.second_step_locked",
      actor: member,
      target: `admin:${member.username}`,
      outcome: "refused",
      clientHash: keys.client,
      detail: { budget: MFA_ACCOUNT_BUDGET, window_minutes: 15 },
    });
  }
  return fail("second_step_locked");
}

export async function completeMfaLogin(input: { mfaToken: string; code: string } & ClientFacts): Promise<MfaOutcome> {
  const db = await getDb();
  const now = new Date();
  const challenge = await db
    .selectFrom("mfa_challenges")
    .innerJoin("admins", "admins.id", "mfa_challenges.admin_id")
    .select([
      "mfa_challenges.id as challenge_id",
      "mfa_challenges.client_hash",
      "admins.id",
      "admins.username",
      "admins.totp_secret",
      "admins.totp_last_step",
      "admins.totp_enabled_at",
      "admins.disabled_at",
      "admins.mfa_locked_at",
    ])
    .where("mfa_challenges.token_hash", "=", sha256(input.mfaToken))
    .where("mfa_challenges.used_at", "is", null)
    .where("mfa_challenges.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!challenge || challenge.disabled_at || !challenge.totp_enabled_at) return fail("invalid_mfa_token");

  const member = { id: challenge.id, username: challenge.username };
  const keys = loginKeys(member.username, input);
  // The token is good only from the client that received it: from anywhere else it is no token at all.
  if (challenge.client_hash !== keys.client) {
    await recordRefusal({ action: "sign_in.failure", actor: member, target: `admin:${member.username}`, clientHash: keys.client, detail: { step: "second_factor", reason: "other_client" } });
    return fail("invalid_mfa_token");
  }
  // A locked second step is refused before anything is counted or checked, but from a trusted device.
  if (challenge.mfa_locked_at && !keys.deviceSignedIn) return fail("second_step_locked");
  const attempt = await takeLoginAttempt(keys);
  if (!attempt.allowed) return refused(keys, attempt, member, "second_factor");
  if (!(await takeSecondStepAttempt(keys))) return lockSecondStep(member, keys);

  const factor = await checkSecondFactor(challenge, input.code);
  if (!factor) {
    await recordAudit({ action: "sign_in.failure", actor: member, target: `admin:${member.username}`, outcome: "failure", clientHash: keys.client, detail: { step: "second_factor" } });
    return fail("invalid_code");
  }
  const used = await db.updateTable("mfa_challenges").set({ used_at: now.toISOString() }).where("id", "=", challenge.challenge_id).where("used_at", "is", null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return fail("invalid_mfa_token");
  await db.deleteFrom("mfa_challenges").where("expires_at", "<", now.toISOString()).execute();

  return signedIn(member, keys, input.userAgent, factor);
}
