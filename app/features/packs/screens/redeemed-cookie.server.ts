import { isScanId } from "~/features/check/scan-writer.server";

/**
 * The browser's own redemptions (decision 165): the scan ids of the PINs this browser redeemed, so
 * that the buyer who opens their pack's page again reads "you redeemed this pack on …" and not the
 * warning a stranger gets for a redeemed pack's label. A scan id is 128 random bits: holding one is
 * proof of having redeemed. Sent only to the GS1 Digital Link paths the pack pages live under
 * (`Path=/01/`), so no other page loses the page cache to it (decision 132); HttpOnly, Secure (browsers
 * keep Secure cookies on http://localhost too), SameSite=Lax (a pack page is opened from a camera app).
 */
const NAME = "redeemed";
/** The newest redemptions kept; older ones fall off. */
const KEPT = 10;
const MAX_AGE = 400 * 24 * 60 * 60;
const ATTRIBUTES = "Path=/01/; HttpOnly; Secure; SameSite=Lax";

/** The scan ids the request's cookie holds (anything else in it is ignored). */
export function redeemedScanIds(request: Request): string[] {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== NAME) continue;
    return part
      .slice(index + 1)
      .trim()
      .split(".")
      .filter(isScanId)
      .slice(0, KEPT);
  }
  return [];
}

/** The Set-Cookie value that adds a redemption's scan id to the ones the browser keeps. */
export function rememberRedemption(request: Request, scanId: string): string {
  const ids = [scanId, ...redeemedScanIds(request).filter((id) => id !== scanId)].slice(0, KEPT);
  return `${NAME}=${ids.join(".")}; Max-Age=${MAX_AGE}; ${ATTRIBUTES}`;
}
