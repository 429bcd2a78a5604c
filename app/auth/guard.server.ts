import { createContext, replace, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { apiError } from "~/http/envelope.server";
import { appendCookies, clearedSessionCookies, hasSessionCookies, readSessionCookies, sessionCookies } from "./cookies.server";
import type { AdminIdentity } from "./identity";
import { loginAfterExpiry } from "./return-to";
import { authenticateAccessToken, refreshSession } from "./sessions.server";

export type { AdminIdentity };

export const adminContext = createContext<AdminIdentity | null>(null);

export type BrowserSession = {
  admin: AdminIdentity | null;
  /** Set-Cookie values the response must carry (a refreshed pair, or the deletion of stale cookies). */
  cookies: string[];
};

/**
 * The admin of a browser request, from its cookies: a live access token, or else a transparent
 * refresh with the refresh token (rotating it). Nothing usable: both cookies are to be cleared.
 */
export async function resolveBrowserSession(request: Request): Promise<BrowserSession> {
  const { accessToken, refreshToken } = readSessionCookies(request);
  if (accessToken) {
    const admin = await authenticateAccessToken(accessToken);
    if (admin) return { admin, cookies: [] };
  }
  if (refreshToken) {
    const outcome = await refreshSession(refreshToken);
    if (outcome.ok) return { admin: outcome.value.admin, cookies: sessionCookies(outcome.value.tokens) };
  }
  return { admin: null, cookies: hasSessionCookies(request) ? clearedSessionCookies() : [] };
}

/** Admin responses are never cached or indexed. */
export function markPrivate(headers: Headers) {
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return headers;
}

/** Adds headers to a response, copying it first when its headers are immutable. */
function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}

/**
 * Where a signed-out visitor goes: the login page, replacing the admin URL in the history. Given the
 * request, the login page leads back to its page afterwards and says the session ended (and, for a
 * change being sent, that it was not saved).
 */
export function redirectToLogin(cookies: string[], request?: Request) {
  return replace(request ? loginAfterExpiry(request) : "/admin", { headers: appendCookies(markPrivate(new Headers()), cookies) });
}

/**
 * Middleware of the admin layout route: checks the access-token cookie (refreshing it transparently
 * when expired), stores the admin in the context, marks the response no-store/noindex, or redirects
 * to /admin (replacing history) with both cookies cleared.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await resolveBrowserSession(request);
  // A session that ended (its cookies are still here) leads back to this page after signing in again;
  // a visitor who never signed in (or signed out) simply gets the sign-in page.
  if (!session.admin) throw redirectToLogin(clearedSessionCookies(), hasSessionCookies(request) ? request : undefined);
  context.set(adminContext, session.admin);
  let response: Response;
  try {
    response = await next();
  } catch (thrown) {
    // A thrown redirect from an admin action still carries the refreshed cookies.
    if (thrown instanceof Response) {
      throw withHeaders(thrown, (h) => appendCookies(markPrivate(h), session.cookies));
    }
    throw thrown;
  }
  return withHeaders(response, (h) => appendCookies(markPrivate(h), session.cookies));
};

/** The signed-in admin of this request; only valid below adminMiddleware. */
export function getAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  const admin = context.get(adminContext);
  if (!admin) throw replace("/admin");
  return admin;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

/** For admin API calls: the admin of a valid `Authorization: Bearer` token, or a thrown 401 envelope. */
export async function requireApiAdmin(request: Request): Promise<AdminIdentity> {
  const token = bearerToken(request);
  if (!token) {
    throw apiError(401, "Authentication required", "unauthenticated", { "WWW-Authenticate": 'Bearer realm="admin"' });
  }
  const admin = await authenticateAccessToken(token);
  if (!admin) {
    throw apiError(401, "Invalid or expired access token", "invalid_token", {
      "WWW-Authenticate": 'Bearer realm="admin", error="invalid_token"',
    });
  }
  return admin;
}
