import { asRateLimited } from "~/http/rate-limit.server";
import { fail, ok, type Result } from "~/lib/result";
import type { AdminIdentity } from "./identity";
import { findAdminByUsername, normalizeUsername } from "./accounts.server";
import { ensureInitialAdmin } from "./bootstrap.server";
import { checkLoginAllowed, recordLoginFailure, recordLoginSuccess } from "./login-limits.server";
import { verifyAgainstDummy, verifyPassword } from "./passwords.server";
import { startSession, type TokenPair } from "./sessions.server";

export type LoginOutcome = Result<{ admin: AdminIdentity; tokens: TokenPair }, "invalid_credentials" | "rate_limited">;

/**
 * The one place a password is checked, for the login page and the API alike. A blocked attempt does
 * not reach the password check; a missing user costs the same argon2 work as a wrong password.
 */
export async function attemptLogin(input: { username: string; password: string; clientKey: string }): Promise<LoginOutcome> {
  await ensureInitialAdmin();
  const usernameKey = normalizeUsername(input.username).slice(0, 128);
  const limit = await checkLoginAllowed(usernameKey, input.clientKey);
  if (!limit.allowed) return asRateLimited(limit);

  const admin = await findAdminByUsername(usernameKey);
  const valid = admin ? await verifyPassword(admin.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!admin || !valid) {
    await recordLoginFailure(usernameKey, input.clientKey);
    return fail("invalid_credentials");
  }
  await recordLoginSuccess(usernameKey);
  const identity = { id: admin.id, username: admin.username };
  return ok({ admin: identity, tokens: await startSession(identity) });
}
