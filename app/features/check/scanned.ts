import { isStorableCode, normalizeCode } from "~/platform/codes/code-format";
import { parseDigitalLink } from "~/platform/codes/digital-link";

/**
 * What a QR code read by the verify page's scanner leads to (issue 27), decided before anything is
 * opened. Pure and browser-safe.
 *
 * - `code`: this site's verify link (`SITE/verify?code=…`, as a single code's label prints it, see
 *   `verifyUrl`) with a code in it: the page fills its form with the code and sends it, as the link does.
 * - `pack`: this site's GS1 Digital Link (`SITE/01/{GTIN}/…`, a two-part pack's label, see
 *   `parseDigitalLink`): the page opens that path on this site.
 * - `foreign`: an address anywhere else (another host, a look-alike such as `lunara.example.evil.com`,
 *   another scheme or port, plain `http:` when the site is `https:`): never opened; the shopper is
 *   warned. `url` is the address as the URL parser writes it (a foreign host in punycode, so a
 *   look-alike written in other scripts shows as what it is), cut at `FOREIGN_URL_MAX` characters.
 * - `other`: anything else (plain text, a bare code, a Wi-Fi, phone or mail QR code, a page of this
 *   site that is neither of the two links): nothing is sent or opened. Our labels never carry a bare code, and sending any text a QR
 *   holds as a check would only add unknown checks to the guessing signals.
 *
 * "This site" is `siteUrl`'s origin (scheme, host and port) and path prefix, exactly as
 * `parseDigitalLink` reads it: a label is printed with SITE_URL, so nothing else is ours.
 */
export type Scanned =
  | { kind: "code"; code: string }
  | { kind: "pack"; path: string }
  | { kind: "foreign"; url: string }
  | { kind: "other" };

/** The longest address the warning shows (a QR code can hold some 4,000 characters). */
export const FOREIGN_URL_MAX = 300;

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export function classifyScanned(text: string, siteUrl: string): Scanned {
  const raw = text.trim();
  const target = parse(raw);
  const site = parse(siteUrl.replace(/\/+$/, ""));
  if (!target || !site) return { kind: "other" };

  if (target.protocol !== "https:" && target.protocol !== "http:") return { kind: "other" };
  if (target.origin !== site.origin) {
    const url = target.href;
    return { kind: "foreign", url: url.length > FOREIGN_URL_MAX ? `${url.slice(0, FOREIGN_URL_MAX)}…` : url };
  }

  const prefix = site.pathname.replace(/\/+$/, "");
  if (target.pathname === `${prefix}/verify` || target.pathname === `${prefix}/verify/`) {
    const code = normalizeCode(target.searchParams.get("code") ?? "");
    return isStorableCode(code) ? { kind: "code", code } : { kind: "other" };
  }
  if (parseDigitalLink(raw, siteUrl)) return { kind: "pack", path: `${target.pathname}${target.search}` };
  return { kind: "other" };
}
