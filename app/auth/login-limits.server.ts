import { env } from "~/lib/env.server";
import { createLimiter, type LimitResult } from "~/http/rate-limit.server";

/**
 * Brute-force limits on failed logins, two independent buckets over 15 minutes: per username
 * (LOGIN_RATE_LIMIT failures) and per client address (4× that, so one client cannot try many
 * usernames). Only failures count; a success forgets the username's failures.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

const perUsername = createLimiter("login-user", () => env().LOGIN_RATE_LIMIT, LOGIN_WINDOW_SECONDS);
const perClient = createLimiter("login-client", () => env().LOGIN_RATE_LIMIT * 4, LOGIN_WINDOW_SECONDS);

function longest(a: LimitResult, b: LimitResult): LimitResult {
  if (a.allowed) return b;
  if (b.allowed) return a;
  return { allowed: false, retryAfterSeconds: Math.max(a.retryAfterSeconds, b.retryAfterSeconds) };
}

/** Whether a login attempt may even be checked, without counting it. */
export async function checkLoginAllowed(usernameKey: string, clientKey: string): Promise<LimitResult> {
  const [user, client] = await Promise.all([perUsername.check(usernameKey), perClient.check(clientKey)]);
  return longest(user, client);
}

export async function recordLoginFailure(usernameKey: string, clientKey: string): Promise<void> {
  await Promise.all([perUsername.consume(usernameKey), perClient.consume(clientKey)]);
}

export async function recordLoginSuccess(usernameKey: string): Promise<void> {
  await perUsername.reset(usernameKey);
}
