/**
 * Where an admin whose session ended goes back to after signing in again, and what the sign-in page
 * tells them: `/admin?next=/admin/dashboard/codes?status=expired&expired=unsaved`. Only pages of the
 * admin area are ever a destination (never another site, never a download).
 */

export const NEXT_PARAM = "next";
export const EXPIRED_PARAM = "expired";
/** The username the form starts with (after an invitation was accepted): a convenience, never trusted. */
export const USERNAME_PARAM = "username";
/** "page": the session ended while a page was being opened; "unsaved": while a change was being sent (not saved). */
export type ExpiredReason = "page" | "unsaved";

const ADMIN_HOME = "/admin/dashboard";
const BASE = "http://admin.invalid";

/** A same-site admin page to return to, or null: `/admin/dashboard…` only, never a download or another host. */
export function safeNext(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.length > 500) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !(url.pathname === ADMIN_HOME || url.pathname.startsWith(`${ADMIN_HOME}/`))) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The page a request was made from (its data requests, `.data` and `index`, back to the page's own URL). */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || ADMIN_HOME;
  for (const internal of ["index", "_routes", "_data"]) url.searchParams.delete(internal);
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** The sign-in page for a request whose session has ended: back to its page afterwards, saying why. */
export function loginAfterExpiry(request: Request): string {
  const reason: ExpiredReason = request.method.toUpperCase() === "GET" || request.method.toUpperCase() === "HEAD" ? "page" : "unsaved";
  return loginUrl(safeNext(pageOf(request)) ?? ADMIN_HOME, reason);
}

/** `/admin?username=…`: the sign-in page with the username filled in. */
export function loginAs(username: string): string {
  return `/admin?${new URLSearchParams({ [USERNAME_PARAM]: username })}`;
}

/** `/admin?next=…&expired=…` */
export function loginUrl(next: string, reason: ExpiredReason): string {
  const params = new URLSearchParams({ [NEXT_PARAM]: next, [EXPIRED_PARAM]: reason });
  return `/admin?${params}`;
}

/** What the sign-in page's address says: where to go back to and why it is shown. */
export function readReturn(url: URL): { next: string | null; expired: ExpiredReason | null; username: string | null } {
  const reason = url.searchParams.get(EXPIRED_PARAM);
  const username = url.searchParams.get(USERNAME_PARAM);
  return {
    next: safeNext(url.searchParams.get(NEXT_PARAM)),
    expired: reason === "page" || reason === "unsaved" ? reason : null,
    username: username && /^[\w.@-]{1,64}$/.test(username) ? username : null,
  };
}
