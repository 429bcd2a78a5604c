import { createHmac } from "node:crypto";
import { getServerSecret } from "./secrets.server";

/** The client address as server.js determined it (X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-address") ?? "unknown";
}

/** Keyed hash of the client address: what rate limits and the scan log store, never the raw address. */
export function clientHash(request: Request): string {
  return createHmac("sha256", getServerSecret("client-hash")).update(clientAddress(request)).digest("base64url").slice(0, 32);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a page (not API) request cannot reach an action, or null when it can. Pages take GET and
 * form POSTs only: another method answers 405; a body that is not a readable form (JSON, plain
 * text, broken multipart, none at all) answers 400 instead of failing inside `request.formData()`.
 */
export async function unreadablePageRequest(request: Request): Promise<{ status: 405 | 400 } | null> {
  const method = request.method.toUpperCase();
  if (SAFE_METHODS.has(method) || new URL(request.url).pathname.startsWith("/api/")) return null;
  if (method !== "POST") return { status: 405 };
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return null;
  if (type.startsWith("multipart/form-data")) {
    try {
      await request.clone().formData();
      return null;
    } catch {
      return { status: 400 };
    }
  }
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
