import type { RefreshedTokens } from "./sessions.server";

/**
 * The session cookies of the admin area. Secure, SameSite=Strict, Path=/, HttpOnly: no script ever
 * reads a token (the server renders every page), other sites never send them, and browsers accept
 * Secure cookies on http://localhost (and 127.0.0.1), which is how the site starts locally.
 *
 * Named with the `__Host-` prefix (decision 150): a browser keeps such a cookie only when it is
 * Secure, has Path=/ and no Domain, so no sibling subdomain and no plain-HTTP page can plant or shadow
 * one. The names before the prefix (LEGACY_COOKIES) are no longer read; a browser that still sends
 * them is asked to delete them and signs in once more.
 */
export const ACCESS_COOKIE = "__Host-access_token";
export const REFRESH_COOKIE = "__Host-refresh_token";
const LEGACY_COOKIES = ["access_token", "refresh_token"] as const;
/** The specification's cookie lifetimes; the tokens inside expire sooner (access) or as long (refresh). */
export const ACCESS_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
export const REFRESH_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Strict";

function serialize(name: string, value: string, maxAge: number) {
  return `${name}=${value}; Max-Age=${maxAge}; ${ATTRIBUTES}`;
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    // A JWT is base64url segments and dots; anything else is not ours.
    return /^[A-Za-z0-9_\-.]{1,4096}$/.test(value) ? value : null;
  }
  return null;
}

export function readSessionCookies(request: Request) {
  const header = request.headers.get("Cookie");
  return { accessToken: readCookie(header, ACCESS_COOKIE), refreshToken: readCookie(header, REFRESH_COOKIE) };
}

/** True when the request carries either session cookie, or one under its old name (so clearing them is worth a header). */
export function hasSessionCookies(request: Request) {
  return /(?:^|;\s*)(?:__Host-)?(?:access_token|refresh_token)=/.test(request.headers.get("Cookie") ?? "");
}

/** Set-Cookie values that store a token pair. The refresh cookie ends when the session does. */
export function accessCookie(accessToken: string): string {
  return serialize(ACCESS_COOKIE, accessToken, ACCESS_COOKIE_MAX_AGE);
}

/** A cookie of the admin area with the same attributes as the session's (Path=/, HttpOnly, Secure, Strict). */
export function adminCookie(name: string, value: string, maxAge: number): string {
  return serialize(name, value, maxAge);
}

export function sessionCookies(tokens: RefreshedTokens, now = Date.now()): string[] {
  // Within the refresh grace window only a new access token is given (the refresh cookie stays).
  if (tokens.refreshToken === null) return [accessCookie(tokens.accessToken)];
  const refreshSeconds = Math.max(0, Math.min(REFRESH_COOKIE_MAX_AGE, Math.floor((tokens.refreshExpiresAt.getTime() - now) / 1000)));
  return [accessCookie(tokens.accessToken), serialize(REFRESH_COOKIE, tokens.refreshToken, refreshSeconds)];
}

/** Set-Cookie values that delete both session cookies (and the same cookies under their old names). */
export function clearedSessionCookies(): string[] {
  return [ACCESS_COOKIE, REFRESH_COOKIE, ...LEGACY_COOKIES].map((name) => serialize(name, "", 0));
}

export function appendCookies(headers: Headers, cookies: string[]) {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
