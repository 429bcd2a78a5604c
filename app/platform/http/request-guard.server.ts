import type { MiddlewareFunction } from "react-router";
import { requestT } from "~/platform/i18n/i18n.server";
import { env } from "~/platform/lib/env.server";
import { takesMultipart } from "./edge.server";
import { apiError } from "./envelope.server";
import { reportEdgeRefusal } from "./refusals.server";
import { clearShownToast } from "./toast.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a page (not API) request cannot reach an action, or null when it can. Pages take GET and
 * form POSTs only: another method answers 405; a multipart body anywhere but a route that takes one (a
 * photo, a mail client's one-click unsubscribe) answers 415 (the edge refuses it first; this also holds without it); a body that is not a
 * form (JSON, plain text, none at all) answers 400 instead of failing inside `request.formData()`.
 * Nothing here reads the body: the route that takes a file parses it once, with its caps.
 */
export function unreadablePageRequest(request: Request): { status: 405 | 415 | 400 } | null {
  const method = request.method.toUpperCase();
  const path = new URL(request.url).pathname;
  if (SAFE_METHODS.has(method) || path.startsWith("/api/")) return null;
  if (method !== "POST") return { status: 405 };
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return null;
  if (type.startsWith("multipart/form-data")) return takesMultipart(path) ? null : { status: 415 };
  return { status: 400 };
}

/**
 * True when an unsafe request comes from another site. Browsers send Sec-Fetch-Site and Origin;
 * API clients without them (curl, server-to-server) are allowed and authenticate with a bearer token.
 */
export function isCrossSiteWrite(request: Request, siteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin || fetchSite === "same-origin" || fetchSite === "none") return false;
  if (origin === "null") return true;
  const own = new URL(request.url).origin;
  return origin !== own && origin !== new URL(siteUrl).origin;
}

const plain = (message: string, status: number, extra: Record<string, string> = {}) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });

/**
 * The root's guard: refuses unsafe requests from other sites (reported to the audit trail's listener,
 * rate-limited there) and page requests no action can read, then clears a toast once a page has shown it.
 */
export const requestGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const t = requestT(context, "server");
  if (isCrossSiteWrite(request, env().SITE_URL)) {
    const message = t("crossSite");
    const { pathname } = new URL(request.url);
    await reportEdgeRefusal(request, { reason: "cross_site", method: request.method.toUpperCase(), path: pathname });
    if (pathname.startsWith("/api/")) return apiError(403, message, "cross_site_request");
    return plain(message, 403);
  }
  const unreadable = unreadablePageRequest(request);
  if (unreadable) {
    if (unreadable.status === 405) return plain(t("methodNotAllowed"), 405, { Allow: "GET, HEAD, POST" });
    if (unreadable.status === 415) return plain(t("filesNotAccepted"), 415);
    return plain(t("unreadableForm"), 400);
  }
  const response = await next();
  await clearShownToast(request, response);
  return response;
};
