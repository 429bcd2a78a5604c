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
