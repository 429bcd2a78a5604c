import { createContext, data, redirect, replace, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { recordRefusal } from "~/platform/audit/refusals.server";
import { scrub } from "~/platform/lib/log.server";
import { clientHash } from "~/platform/http/client.server";
import { apiError } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { allows, can, pagePermission, scopeFor, type Permission } from "~/platform/access/permissions";
import { apiTooManyAttempts } from "~/platform/http/api.server";
import { authenticateKey, consumeKeyCall, isKeySecret } from "../keys/api-keys.server";
import { appendCookies, clearedSessionCookies, hasSessionCookies, readSessionCookies, sessionCookies } from "./cookies.server";
import { authErrors } from "./errors";
import { pendingStep, type AdminIdentity } from "~/platform/access/identity";
import { loginAfterExpiry } from "./return-to";
import { authenticateAccessToken, refreshSession } from "./sessions.server";
import { accessTokenFlaw } from "./tokens.server";
import { markPrivate } from "~/platform/http/private.server";

export type { AdminIdentity };

export const adminContext = createContext<AdminIdentity | null>(null);
/** Set by the guard when the member's role may not do this request: the route's `getAdmin` answers 403. */
const refusalContext = createContext<boolean>(false);

/** Where a member goes who must first set a password or enrol two-factor. */
export const ACCOUNT_PATH = "/admin/dashboard/account";

export type BrowserSession = {
  admin: AdminIdentity | null;
  /** Set-Cookie values the response must carry (a refreshed pair, or the deletion of stale cookies). */
  cookies: string[];
};

/**
 * The member of a browser request, from its cookies: a live access token, or else a transparent
 * refresh with the refresh token (rotating it). Nothing usable: both cookies are to be cleared.
 */
export async function resolveBrowserSession(request: Request): Promise<BrowserSession> {
  const { accessToken, refreshToken } = readSessionCookies(request);
  if (accessToken) {
    const admin = await authenticateAccessToken(accessToken);
    if (admin) return { admin, cookies: [] };
  }
  if (refreshToken) {
    const outcome = await refreshSession(refreshToken, { clientHash: clientHash(request) });
    if (outcome.ok) return { admin: outcome.value.admin, cookies: sessionCookies(outcome.value.tokens) };
  }
  return { admin: null, cookies: hasSessionCookies(request) ? clearedSessionCookies() : [] };
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

/** The 403 of a refused page or action, drawn by the admin layout's error boundary inside the admin's frame. */
export type Refusal = { refusal: "forbidden"; message: string };

/**
 * Records a refused request in the audit trail, within the client's refusal budget (decision 150's
 * cap, as every other refusal: a member knocking on pages their role does not open writes at most 20
 * entries a minute, then one `audit.refusals_limited`; issue 42, N7).
 */
async function recordDenied(request: Request, admin: AdminIdentity, target: string, permission: Permission | null) {
  await recordRefusal({
    action: "access.denied",
    actor: admin,
    target,
    clientHash: clientHash(request),
    detail: { method: request.method.toUpperCase(), permission, role: admin.role, ...(admin.apiKey ? { scopes: admin.apiKey.scopes.join(" ") } : {}) },
  });
}

const forbiddenMessage = (context: Readonly<RouterContextProvider>) => errorMessage(requestT(context, "auth"), authErrors, "forbidden");

/**
 * Middleware of the admin layout route: checks the session cookies (refreshing an expired access
 * token transparently), sends a member with a step pending (a new password, two-factor enrolment) to
 * their account page, stores the member in the context, marks the response no-store/noindex, or
 * redirects to /admin (replacing history) with both cookies cleared.
 *
 * What the member's role may not do on this URL (the permission matrix) is refused with 403: a
 * download at once, in plain text; a page or an action by the route's own `getAdmin`, so the refusal
 * is drawn inside the admin's frame, in the page's language, by the layout's error boundary (and the
 * route runs nothing else).
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await resolveBrowserSession(request);
  // A session that ended (its cookies are still here) leads back to this page after signing in again;
  // a visitor who never signed in (or signed out) simply gets the sign-in page.
  if (!session.admin) throw redirectToLogin(clearedSessionCookies(), hasSessionCookies(request) ? request : undefined);
  const admin = session.admin;
  context.set(adminContext, admin);
  const headers = () => appendCookies(markPrivate(new Headers()), session.cookies);
  const { pathname } = new URL(request.url);

  if (pendingStep(admin) && pathname !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH, { headers: headers() });
  const permission = pagePermission(pathname, request.method);
  if (!permission || !can(admin.role, permission)) {
    await recordDenied(request, admin, `page:${pathname}`, permission);
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      throw new Response(forbiddenMessage(context), { status: 403, headers: { ...Object.fromEntries(headers()), "Content-Type": "text/plain; charset=utf-8" } });
    }
    context.set(refusalContext, true);
  }

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

/**
 * The signed-in member of this request, allowed this URL and method by the permission matrix;
 * otherwise a thrown 403 (the refusal). Every admin route's loader and action calls it first.
 */
export function getAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  const admin = currentAdmin(context);
  if (context.get(refusalContext)) throw data({ refusal: "forbidden", message: forbiddenMessage(context) } satisfies Refusal, { status: 403 });
  return admin;
}

/** The signed-in member, whether or not this URL is theirs to use (the admin layout's own loader: its frame). */
export function currentAdmin(context: Readonly<RouterContextProvider>): AdminIdentity {
  const admin = context.get(adminContext);
  if (!admin) throw replace("/admin");
  return admin;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

const invalidToken = () =>
  apiError(401, "Invalid or expired access token", "invalid_token", {
    "WWW-Authenticate": 'Bearer realm="admin", error="invalid_token"',
  });

/** Records a bearer token that is not ours (rate-limited, decision 150). */
async function recordForgedToken(request: Request, flaw: string) {
  await recordRefusal({ action: "api.token_refused", actor: null, target: `api:${request.method.toUpperCase()} ${scrub(new URL(request.url).pathname)}`, clientHash: clientHash(request), detail: { flaw } });
}

/**
 * The member of a valid `Authorization: Bearer` token (an access token, or an API key `lk_…` acting
 * for its creator, decision 154), or a thrown 401 envelope. A token that is not ours (`alg: none`, a
 * bad signature, a key that never existed, …) is recorded as `api.token_refused` (decision 150); an
 * expired or revoked one of ours is not.
 */
export async function authenticateApi(request: Request): Promise<AdminIdentity> {
  const token = bearerToken(request);
  if (!token) {
    throw apiError(401, "Authentication required", "unauthenticated", { "WWW-Authenticate": 'Bearer realm="admin"' });
  }
  if (isKeySecret(token)) {
    const key = await authenticateKey(token);
    if (key.ok) return key.value;
    if (key.error === "unknown") await recordForgedToken(request, "unknown_api_key");
    throw invalidToken();
  }
  const admin = await authenticateAccessToken(token);
  if (!admin) {
    const flaw = await accessTokenFlaw(token);
    if (flaw) await recordForgedToken(request, flaw);
    throw invalidToken();
  }
  return admin;
}

/** What a call's contract says about who may make it (~/platform/http/contract; `apiRoute` hands it over as `operation`). */
type CallRule = { permission?: Permission; ungated?: boolean };

type ApiCall = { request: Request; context: Readonly<RouterContextProvider>; pattern?: string; operation?: unknown };

/**
 * For admin API calls: the member of the bearer token, allowed this call by the permission its
 * contract names (decision 182) and the matrix: a member by their role, an API key by its scopes too.
 * 401 without a valid token; 403 in the envelope, with a localized message, when a step is pending
 * (unless the contract says `ungated`) or the caller may not make this call (a call whose contract
 * names no permission is refused to everyone).
 */
export async function requireApiAdmin(args: ApiCall): Promise<AdminIdentity> {
  const admin = await authenticateApi(args.request);
  const method = args.request.method.toUpperCase();
  const call = `${method} /${(args.pattern || new URL(args.request.url).pathname).replace(/^\/+|\/+$/g, "")}`;
  const { permission = null, ungated = false } = (args.operation ?? {}) as CallRule;
  const t = requestT(args.context, "auth");
  const refuse = (error: "forbidden" | "key_scope" | "password_change_required" | "mfa_enrolment_required") =>
    apiError(403, errorMessage(t, authErrors, error), authErrors.errors[error].code ?? error);
  if (admin.apiKey) {
    // Every call of a key counts, refused ones too.
    const limit = await consumeKeyCall(admin.apiKey.id);
    if (!limit.allowed) throw apiTooManyAttempts(args.context, limit.retryAfterSeconds);
  }
  const step = pendingStep(admin);
  if (step && !ungated) throw refuse(step === "password" ? "password_change_required" : "mfa_enrolment_required");
  if (!permission || !allows(admin, permission)) {
    await recordDenied(args.request, admin, `api:${call}`, permission);
    // A key missing a scope it could have is told so; what no key may do is simply forbidden.
    throw refuse(admin.apiKey && permission && can(admin.role, permission) && scopeFor(permission) ? "key_scope" : "forbidden");
  }
  return admin;
}

/** requireApiAdmin, with the client: who makes this call, as the domain's audited changes take it. */
export async function requireApiActor(args: ApiCall): Promise<{ admin: AdminIdentity; clientHash: string }> {
  return { admin: await requireApiAdmin(args), clientHash: clientHash(args.request) };
}
