import { createHmac } from "node:crypto";
import { getServerSecret } from "~/platform/lib/secrets.server";

/** The client address as server.js determined it (X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-address") ?? "unknown";
}

/** Keyed hash of the client address: what rate limits and the scan log store, never the raw address. */
export function clientHash(request: Request): string {
  return createHmac("sha256", getServerSecret("client-hash")).update(clientAddress(request)).digest("base64url").slice(0, 32);
}
