import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getServerSecret } from "~/lib/secrets.server";
import { adminCookie, readCookie } from "./cookies.server";

/**
 * The device cookie (decision 103): a browser that has signed in to an account before carries a
 * signed token naming that account. Its sign-in attempts are counted against that token alone, so
 * failures from anywhere else (a stranger guessing the owner's password, even from the same network)
 * never lock the member out of their own browser. Signed with a key derived from the server secret;
 * nothing is stored on the server. `__Host-` prefixed, as the session cookies are.
 */
export const DEVICE_COOKIE = "__Host-admin_device";
/** Its name before the `__Host-` prefix (decision 150): still read, so a member's browser stays trusted; replaced at its next sign-in. */
const LEGACY_DEVICE_COOKIE = "admin_device";
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const sign = (payload: string) => createHmac("sha256", getServerSecret("device-cookie")).update(payload).digest("base64url").slice(0, 43);

/** The cookie value for an account: v1.<username>.<nonce>.<issued>.<signature>. */
export function deviceToken(username: string, now = Date.now(), nonce = randomBytes(16).toString("base64url")): string {
  const payload = `v1.${Buffer.from(username).toString("base64url")}.${nonce}.${Math.floor(now / 1000)}`;
  return `${payload}.${sign(payload)}`;
}

/** The device id (its nonce) when the token is genuine, unexpired and for this username; else null. */
export function deviceIdFor(token: string | null, username: string, now = Date.now()): string | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== "v1") return null;
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
 * Set-Cookie for a browser that just signed in, unless it already carries a valid token for the
 * account under the current name. A token under the old name is moved to the new one.
 */
export function deviceCookieAfterSignIn(request: Request, username: string): string[] {
  const header = request.headers.get("Cookie");
  if (deviceIdFor(readCookie(header, DEVICE_COOKIE), username)) return [];
  const set = adminCookie(DEVICE_COOKIE, deviceToken(username), DEVICE_COOKIE_MAX_AGE);
  return readCookie(header, LEGACY_DEVICE_COOKIE) ? [set, adminCookie(LEGACY_DEVICE_COOKIE, "", 0)] : [set];
}
