import type { RequestHandler } from "express";
import { env } from "~/platform/lib/env.server";

/**
 * Cross-origin reads of what GS1's resolver standard opens to everyone (issue 40, decision 190): the
 * GS1 Digital Link URIs (`/01/…`: their linksets and redirects), the resolver's description file
 * (`/.well-known/gs1resolver`) and a lot's recall status (`/recalls/01/…`). A retailer's till or an app
 * on another origin reads them with `fetch`; nothing there is personal or needs a cookie, so any origin
 * may read (`*`, never with credentials). Every other path keeps the same-origin defaults of the edge.
 */
const CORS_PATHS = [/^\/01\//, /^\/\.well-known\/gs1resolver\/?$/, /^\/recalls\/01\//];

/** True for a path (without its query) whose answers any origin may read. */
export function isCorsPath(path: string): boolean {
  return CORS_PATHS.some((pattern) => pattern.test(path));
}

const METHODS = "GET, HEAD, OPTIONS";

/** The headers of a cross-origin readable answer: any origin, the headers a resolver's client reads (Link, Location). */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Link, Location, Content-Language",
  // The edge's `same-origin` keeps other sites from embedding our answers; these are meant to be read anywhere.
  "Cross-Origin-Resource-Policy": "cross-origin",
} as const;

/** Adds the cross-origin headers to an answer's headers. */
export function withCors(headers: Headers): Headers {
  for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
  return headers;
}

/** `Link` to a GS1 Digital Link URI's linkset (RFC 9264), which GS1's standard asks for on every answer about it. */
export function linksetLinkHeader(path: string): string {
  return `<${env().SITE_URL}${path}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;
}

/**
 * `OPTIONS` on a path any origin may read: the CORS preflight (and a plain OPTIONS) answered here, 204,
 * before the edge's method guard refuses OPTIONS everywhere else (405). A Digital Link URI's answer
 * also links its linkset, as its GET does.
 */
export function corsPreflight(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "OPTIONS") return next();
    const path = (req.url ?? "").split("?")[0]!;
    // Anything odd (over-long, not plain visible ASCII) is left to the edge's guard, which refuses it.
    if (!isCorsPath(path) || path.length > 1024 || !/^[\x21-\x7e]+$/.test(path)) return next();
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    res.setHeader("Access-Control-Allow-Methods", METHODS);
    res.setHeader("Access-Control-Allow-Headers", "Accept, Accept-Language");
    res.setHeader("Access-Control-Max-Age", "86400");
    res.setHeader("Allow", METHODS);
    if (path.startsWith("/01/")) res.setHeader("Link", linksetLinkHeader(path.replace(/\/+$/, "")));
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.statusCode = 204;
    res.end();
  };
}
