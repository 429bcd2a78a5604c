/**
 * GS1 Digital Link URIs on the brand's own domain (issue 27): what a two-part pack's QR code carries,
 * `SITE/01/{GTIN-14}/10/{lot}/21/{serial}?17=YYMMDD`, and reading one back. Pure and browser-safe (the
 * verify page's scanner decides with `parseDigitalLink` whether a QR leads to this site's pack page).
 *
 * The rules followed are GS1's (GS1 General Specifications; GS1 Digital Link URI Syntax 1.1):
 * - a GTIN is 8, 12, 13 or 14 digits whose last is the check digit (weights 3 and 1 alternating from
 *   the right); a Digital Link carries it as a GTIN-14, padded with leading zeros;
 * - AI 10 (batch or lot) and AI 21 (serial) are 1–20 characters of GS1's character set 82;
 * - AI 17 (expiry, "best before" here) is YYMMDD, DD 00 meaning the month's last day;
 * - a value is percent-encoded in the URI except for RFC 3986's unreserved characters.
 */

/** GS1 AI encodable character set 82 (GS1 General Specifications, figure 7.11-1). */
const SET_82 = /^[!"%&'()*+,./0-9:;<=>?A-Z_a-z-]+$/;
/** The longest lot (AI 10) or serial (AI 21) GS1 allows. */
export const MAX_GS1_LOT = 20;

/** The check digit of a GTIN's other digits (any length): weights 3, 1, 3… from the rightmost. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** True for a GTIN-8, -12, -13 or -14 whose check digit is right. */
export function isGtin(value: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(value)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}

/** A valid GTIN as the GTIN-14 a Digital Link carries (leading zeros); null when it is not one. */
export function toGtin14(value: string): string | null {
  return isGtin(value) ? value.padStart(14, "0") : null;
}

/** True for a lot GS1 can encode as AI 10: 1–20 characters of character set 82. */
export function isGs1Lot(lot: string): boolean {
  return lot.length >= 1 && lot.length <= MAX_GS1_LOT && SET_82.test(lot);
}

/** A value percent-encoded as a Digital Link path segment or query value: all but A–Z a–z 0–9 - . _ ~. */
export function encodeValue(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2027-03-31` → `270331` (AI 17); null for anything that is not a day of 2000–2099. */
function yymmdd(day: string): string | null {
  const m = DAY.exec(day);
  if (!m || m[1]!.slice(0, 2) !== "20") return null;
  return `${m[1]!.slice(2)}${m[2]}${m[3]}`;
}

/** `270331` → `2027-03-31`; `270300` → the month's last day; null when it is no real day. */
export function dayOfYymmdd(value: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const year = 2000 + Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Number(m[3]) === 0 ? last : Number(m[3]);
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type DigitalLink = {
  /** GTIN-14. */
  gtin: string;
  lot?: string;
  serial?: string;
  /** YYYY-MM-DD. */
  bestBefore?: string;
};

/** The site's address without a trailing slash. */
const base = (siteUrl: string) => siteUrl.replace(/\/+$/, "");

/**
 * A pack's GS1 Digital Link URI on this site: `SITE/01/{GTIN-14}/10/{lot}/21/{serial}`, with
 * `?17=YYMMDD` when a best-before day is given. Throws on a GTIN, lot or day GS1 cannot carry (the
 * catalogue's GTINs are checked by its test, a two-part run's lot when the run is made).
 */
export function digitalLinkUrl(siteUrl: string, pack: { gtin: string; lot?: string | null; serial?: string | null; bestBefore?: string | null }): string {
  const gtin = toGtin14(pack.gtin);
  if (!gtin) throw new Error(`Not a GTIN: ${pack.gtin}`);
  let url = `${base(siteUrl)}/01/${gtin}`;
  if (pack.lot) {
    if (!isGs1Lot(pack.lot)) throw new Error(`Not a GS1 lot (AI 10): ${pack.lot}`);
    url += `/10/${encodeValue(pack.lot)}`;
  }
  if (pack.serial) {
    if (!isGs1Lot(pack.serial)) throw new Error(`Not a GS1 serial (AI 21): ${pack.serial}`);
    url += `/21/${encodeValue(pack.serial)}`;
  }
  if (pack.bestBefore) {
    const date = yymmdd(pack.bestBefore);
    if (!date) throw new Error(`Not a best-before day: ${pack.bestBefore}`);
    url += `?17=${date}`;
  }
  return url;
}

/** A percent-encoded value decoded, or null when its encoding is broken. */
function decodeValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * What a Digital Link URI on this site says, or null: another site (scheme, host, port or path prefix
 * other than `siteUrl`'s), a path that is not `/01/{GTIN}` optionally followed by `/10/{lot}` and
 * then `/21/{serial}`, a GTIN with a wrong check digit, a lot or serial outside GS1's rules, or a
 * `17=` that is no day. Other query parameters are ignored, as GS1's resolvers do.
 */
export function parseDigitalLink(url: string, siteUrl: string): DigitalLink | null {
  let target: URL;
  let site: URL;
  try {
    target = new URL(url);
    site = new URL(base(siteUrl));
  } catch {
    return null;
  }
  if (target.protocol !== site.protocol || target.host !== site.host) return null;
  const prefix = site.pathname.replace(/\/+$/, "");
  if (!target.pathname.startsWith(`${prefix}/`)) return null;
  const segments = target.pathname.slice(prefix.length + 1).replace(/\/$/, "").split("/");
  if (segments.length % 2 !== 0 || segments[0] !== "01") return null;

  const gtin = toGtin14(segments[1] ?? "");
  if (!gtin) return null;
  const link: DigitalLink = { gtin };
  let order = 0;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i]!;
    const value = decodeValue(segments[i + 1]!);
    // Qualifiers in GS1's order (10 before 21), each once, each a GS1 value.
    const at = ai === "10" ? 1 : ai === "21" ? 2 : 0;
    if (at <= order || value === null || !isGs1Lot(value)) return null;
    order = at;
    if (ai === "10") link.lot = value;
    else link.serial = value;
  }
  const expiry = target.searchParams.get("17");
  if (expiry !== null) {
    const day = dayOfYymmdd(expiry);
    if (!day) return null;
    link.bestBefore = day;
  }
  return link;
}
