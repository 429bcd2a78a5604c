import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { adminCookie, readCookie } from "../sessions/cookies.server";

/**
 * The device cookie (decision 103): a browser that has signed in to an account before carries a
 * signed token naming that account. Its sign-in attempts are counted against that token alone, so
 * failures from anywhere else (a stranger guessing the owner's password, even from the same network)
 * never lock the member out of their own browser. Signed with a key derived from the server secret;
 * nothing is stored on the server. `__Host-` prefixed, as the session cookies are.
 *
 * Two kinds (decision 171): `v1`, given by a completed sign-in; `m1`, given by a sign-in link mailed
 * to the member's address, for a browser that has not signed in yet while strangers keep the account's
 * shared limit full. Both are counted on their own at the password step; only `v1` is exempt from the
 * second step's account budget and lock (decision 150): the mailbox vouches for a browser, not for
 * its two-factor codes.
 */
export const DEVICE_COOKIE = "__Host-admin_device";
/** Its name before the `__Host-` prefix (decision 150): still read, so a member's browser stays trusted; replaced at its next sign-in. */
const LEGACY_DEVICE_COOKIE = "admin_device";
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const sign = (payload: string) => createHmac("sha256", getServerSecret("device-cookie")).update(payload).digest("base64url").slice(0, 43);

type DeviceKind = "v1" | "m1";

/** The cookie value for an account: <kind>.<username>.<nonce>.<issued>.<signature> (`v1` after a sign-in, `m1` from a mailed link). */
export function deviceToken(username: string, now = Date.now(), nonce = randomBytes(16).toString("base64url"), kind: DeviceKind = "v1"): string {
  const payload = `${kind}.${Buffer.from(username).toString("base64url")}.${nonce}.${Math.floor(now / 1000)}`;
  return `${payload}.${sign(payload)}`;
}

/** A browser's device for an account: its id (the nonce), and whether a completed sign-in gave it (`v1`) rather than a mailed link. */
export type Device = { id: string; signedIn: boolean };

/** The device when the token is genuine, unexpired and for this username; else null. */
export function deviceFor(token: string | null, username: string, now = Date.now()): Device | null {
  const id = deviceIdFor(token, username, now);
  return id ? { id, signedIn: token!.startsWith("v1.") } : null;
}

/** The device id (its nonce) when the token is genuine, unexpired and for this username; else null. */
export function deviceIdFor(token: string | null, username: string, now = Date.now()): string | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 5 || (parts[0] !== "v1" && parts[0] !== "m1")) return null;
  const [version, name, nonce, issued, signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(sign(`${version}.${name}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(name, "base64url").toString() !== username) return null;
  const age = now / 1000 - Number(issued);
  if (!Number.isFinite(age) || age < -60 || age > DEVICE_COOKIE_MAX_AGE) return null;
  return nonce;
}

export function readDeviceToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  return readCookie(header, DEVICE_COOKIE) ?? readCookie(header, LEGACY_DEVICE_COOKIE);
}

/**
 * Set-Cookie for a browser that just signed in, unless it already carries a valid signed-in token for
 * the account under the current name (a mailed link's `m1` becomes `v1`). A token under the old name is
 * moved to the new one.
 */
export function deviceCookieAfterSignIn(request: Request, username: string): string[] {
  const header = request.headers.get("Cookie");
  if (deviceFor(readCookie(header, DEVICE_COOKIE), username)?.signedIn) return [];
  const set = adminCookie(DEVICE_COOKIE, deviceToken(username), DEVICE_COOKIE_MAX_AGE);
  return readCookie(header, LEGACY_DEVICE_COOKIE) ? [set, adminCookie(LEGACY_DEVICE_COOKIE, "", 0)] : [set];
}

/** Set-Cookie for a browser a mailed sign-in link vouched for (decision 171): an `m1` device of the account, the link's own id. */
export function deviceCookieFromLink(username: string, deviceId: string): string {
  return adminCookie(DEVICE_COOKIE, deviceToken(username, Date.now(), deviceId, "m1"), DEVICE_COOKIE_MAX_AGE);
}
