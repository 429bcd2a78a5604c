/**
 * The visitor's time zone, for times shown to them (the first verification of a code, admin tables).
 * With JavaScript the browser formats in its own zone. For the server's HTML (and pages seen without
 * JavaScript) a tiny inline script on every page stores the browser's zone in the `tz` cookie, so a
 * later page (the result of a check, say) is rendered in it; with no cookie the time is in UTC and
 * says so.
 */

export const TIME_ZONE_COOKIE = "tz";
/** The fallback zone, always named where it is shown. */
export const FALLBACK_TIME_ZONE = "UTC";

/** An IANA zone name the runtime knows ("Asia/Riyadh"), or null. */
export function validTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name === "" || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone a request's `tz` cookie names, if it is a real one. */
export function timeZoneFromCookies(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  if (!match) return null;
  try {
    return validTimeZone(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}

/** The browser's own zone (in the browser), or null when it cannot say. */
export function browserTimeZone(): string | null {
  try {
    return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/**
 * Inline script run while the page is parsed (before, and without, hydration): stores the browser's
 * zone for a year when it is not stored yet. Not secret and not identifying beyond the zone.
 */
export const STORE_TIME_ZONE_SCRIPT = `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var v=encodeURIComponent(z);if(document.cookie.split("; ").indexOf("${TIME_ZONE_COOKIE}="+v)<0)document.cookie="${TIME_ZONE_COOKIE}="+v+";path=/;max-age=31536000;samesite=lax"}catch(e){}})()`;

/** The zone to answer a request in: its `tz` cookie's, else UTC. */
export function requestTimeZone(request: Request): string {
  return timeZoneFromCookies(request.headers.get("Cookie")) ?? FALLBACK_TIME_ZONE;
}
