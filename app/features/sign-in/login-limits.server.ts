import { env } from "~/platform/lib/env.server";
import { createLimiter, type LimitResult } from "~/platform/http/rate-limit.server";

/**
 * Sign-in limits (decision 103). An attempt is *taken* from the limits before its password (or second
 * factor) is checked, so a burst of simultaneous guesses gets at most the limit's number of checks:
 * the count is one atomic upsert in the shared store, whichever process or instance answers.
 *
 * Failures count over 15 minutes:
 * - a browser with a device cookie for the account: per (account, device), LOGIN_RATE_LIMIT;
 * - any other client: per (account, client address) LOGIN_RATE_LIMIT, per client address 4× that, and
 *   per account for every client without a device cookie together 20× that (so many addresses cannot
 *   guess one password without end; a stranger's guesses never reach a member's own browser).
 *
 * An attempt that succeeds gives its point back; a completed sign-in forgets the failures of that
 * account from that client (or device). A correct password still waiting for its second factor keeps
 * its point until the sign-in completes (decision 150): a password known to an attacker buys no
 * second-step attempts.
 *
 * The second step has, besides, one budget per ACCOUNT across every client without its device cookie
 * (MFA_ACCOUNT_BUDGET per 15 minutes, decision 150): past it the account's second step is locked
 * until an owner lifts it. A browser with the account's device cookie is counted on its own and
 * never locked (the member's way in while someone else guesses). A browser that a mailed sign-in link
 * vouched for (decision 171) is counted on its own at the password step, but its codes still take from
 * the account's budget and meet its lock.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

const limit = () => env().LOGIN_RATE_LIMIT;
const clientLimit = () => limit() * 4;
const untrustedLimit = () => limit() * 20;
const perAccountClient = createLimiter("login-user-client", limit, LOGIN_WINDOW_SECONDS);
const perClient = createLimiter("login-client", clientLimit, LOGIN_WINDOW_SECONDS);
const perAccountUntrusted = createLimiter("login-user-untrusted", untrustedLimit, LOGIN_WINDOW_SECONDS);
const perDevice = createLimiter("login-device", limit, LOGIN_WINDOW_SECONDS);

export type LoginKeys = {
  /** The normalised username tried. */
  username: string;
  /** Keyed hash of the client address. */
  client: string;
  /** The device id of a valid device cookie for this username, if the browser has one. */
  device: string | null;
  /** Whether that device signed in before (`v1`); a mailed link's device (`m1`) is not exempt from the second step's budget. */
  deviceSignedIn?: boolean;
};

/** Which limit shut the door: the account from this device, from this client, this client, the account. */
export type LoginBucket = "device" | "account_client" | "client" | "account";
type Bucket = { name: LoginBucket; limiter: typeof perClient; key: string; max: () => number };

function bucketsOf(keys: LoginKeys): Bucket[] {
  if (keys.device) return [{ name: "device", limiter: perDevice, key: `${keys.username}|${keys.device}`, max: limit }];
  // A client over its own limit never counts against the account; one address alone never fills the
  // account's shared bucket (it stops at its own per-account limit first).
  return [
    { name: "client", limiter: perClient, key: keys.client, max: clientLimit },
    { name: "account_client", limiter: perAccountClient, key: `${keys.username}|${keys.client}`, max: limit },
    { name: "account", limiter: perAccountUntrusted, key: keys.username, max: untrustedLimit },
  ];
}

export type Attempt =
  | { allowed: true; keys: LoginKeys }
  | { allowed: false; retryAfterSeconds: number; bucket: LoginBucket; /** the first refusal of this window: the moment of the lockout */ lockedNow: boolean };

/**
 * Takes one attempt from every limit that applies, in order, stopping at the first that refuses
 * (nothing is taken from the later ones). Refused: answer 429 without checking anything.
 */
export async function takeLoginAttempt(keys: LoginKeys): Promise<Attempt> {
  for (const bucket of bucketsOf(keys)) {
    const result: LimitResult = await bucket.limiter.consume(bucket.key);
    if (!result.allowed) {
      // Counted one past the limit by this very attempt: it is the one that found the door shut.
      return { allowed: false, retryAfterSeconds: result.retryAfterSeconds, bucket: bucket.name, lockedNow: result.consumed === bucket.max() + 1 };
    }
  }
  return { allowed: true, keys };
}

/**
 * A completed sign-in: its points go back (the password's and, with two-factor, the code's) and the
 * account's failures from this client (or device) are forgotten. The account's second-step budget is
 * not: guesses made elsewhere still count.
 */
export async function completeLoginAttempt(keys: LoginKeys, points = 1): Promise<void> {
  if (keys.device) {
    await perDevice.reset(`${keys.username}|${keys.device}`);
    return;
  }
  await Promise.all([perClient.refund(keys.client, points), perAccountUntrusted.refund(keys.username, points), perAccountClient.reset(`${keys.username}|${keys.client}`)]);
}

/** Wrong second-step codes an account takes from every client without its device cookie, per 15 minutes, before its second step locks. */
export const MFA_ACCOUNT_BUDGET = 10;
const perAccountSecondStep = createLimiter("login-second-step", () => MFA_ACCOUNT_BUDGET, LOGIN_WINDOW_SECONDS);

/**
 * Takes one second-step attempt from the account's budget; false when it has run out (the caller locks
 * the account's second step). A trusted device takes nothing here: its own bucket above counts it.
 */
export async function takeSecondStepAttempt(keys: LoginKeys): Promise<boolean> {
  if (keys.device && keys.deviceSignedIn) return true;
  return (await perAccountSecondStep.consume(keys.username)).allowed;
}

/** An owner lifted the lock: the account's second-step budget starts again. */
export async function resetSecondStepBudget(username: string): Promise<void> {
  await perAccountSecondStep.reset(username);
}
