import { dayOfYymmdd, encodeValue, isGs1Lot, toGtin14 } from "~/platform/codes/digital-link";

/**
 * The GS1 Digital Link URIs this site resolves (issue 40, decision 190): a GTIN (AI 01, the one primary
 * key we serve) with its key qualifiers in GS1's order, consumer product variant (22), lot (10) and
 * serial (21), each at most once, each 1–20 characters of GS1's character set 82; data attributes in
 * the query, the dates among them (11, 13, 15, 16, 17) real days. Anything else under `/01/` breaks
 * GS1's grammar and is answered 400, with the fault named (`LinkFault`).
 */

export type LinkFault =
  /** Not 8, 12, 13 or 14 digits, or a wrong check digit. */
  | "gtin"
  /** A key without its value (an odd number of path segments). */
  | "segments"
  /** A path segment that is not a qualifier of a GTIN (a data attribute such as 17, or no AI at all). */
  | "qualifier"
  /** Qualifiers out of GS1's order (22, 10, 21) or repeated. */
  | "order"
  /** A value that is empty, longer than 20 characters, outside GS1's character set or badly encoded. */
  | "value"
  /** A date attribute in the query that is no day. */
  | "attribute"
  /** A first segment that is an AI but not a GS1 primary key. */
  | "primary_key";

/** A GS1 Digital Link URI of one of our GTINs, read: its GTIN-14 and its qualifiers (null when absent). */
export type ResolverUri = { gtin: string; cpv: string | null; lot: string | null; serial: string | null };

/** The GTIN's key qualifiers in the order GS1's grammar writes them. */
const QUALIFIERS = ["22", "10", "21"] as const;
const FIELD = { "22": "cpv", "10": "lot", "21": "serial" } as const;
/** The date attributes a query may carry (YYMMDD). */
const DATE_ATTRIBUTES = ["11", "13", "15", "16", "17"];

/**
 * The GS1 primary keys (their AIs) other than the GTIN: a valid GS1 Digital Link of another kind, which
 * this site does not serve (a 404 with its reason, not a 400).
 */
export const OTHER_PRIMARY_KEYS: readonly string[] = ["00", "253", "255", "401", "402", "410", "411", "412", "413", "414", "415", "416", "417", "8003", "8004", "8006", "8010", "8013", "8017", "8018"];

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Reads a path under `/01/` and its query as GS1's grammar has them. A trailing slash is tolerated (GS1
 * asks resolvers not to fail on one); a 13-digit GTIN is read as its GTIN-14.
 */
export function parseResolverPath(pathname: string, search = ""): { ok: true; uri: ResolverUri } | { ok: false; fault: LinkFault } {
  const segments = pathname.replace(/^\//, "").replace(/\/$/, "").split("/");
  if (segments[0] !== "01") return { ok: false, fault: "primary_key" };
  if (segments.length < 2) return { ok: false, fault: "segments" };
  const gtin = /^\d+$/.test(segments[1]!) ? toGtin14(segments[1]!) : null;
  if (!gtin) return { ok: false, fault: "gtin" };
  const uri: ResolverUri = { gtin, cpv: null, lot: null, serial: null };
  let last = -1;
  for (let i = 2; i < segments.length; i += 2) {
    const at = (QUALIFIERS as readonly string[]).indexOf(segments[i]!);
    if (at < 0) return { ok: false, fault: "qualifier" };
    if (at <= last) return { ok: false, fault: "order" };
    if (i + 1 >= segments.length) return { ok: false, fault: "segments" };
    last = at;
    const value = decoded(segments[i + 1]!);
    if (value === null || !isGs1Lot(value)) return { ok: false, fault: "value" };
    uri[FIELD[QUALIFIERS[at]!]] = value;
  }
  const query = new URLSearchParams(search);
  for (const ai of DATE_ATTRIBUTES) {
    const value = query.get(ai);
    if (value !== null && !dayOfYymmdd(value)) return { ok: false, fault: "attribute" };
  }
  return { ok: true, uri };
}

/**
 * What an address outside `/01/` says when it looks like a GS1 Digital Link of another key: `primary_key`
 * for a first segment that is an AI but no primary key (`/10/…`, `/21/…`, `/99/…`: 400), `other_key` for
 * one of GS1's other primary keys (`/00/…`, `/414/…`: valid, not ours, 404), null for any other path.
 */
export function foreignKeyOf(pathname: string): "primary_key" | "other_key" | null {
  const segments = pathname.replace(/^\//, "").split("/");
  const first = segments[0] ?? "";
  if (segments.length < 2 || !/^\d{2,4}$/.test(first)) return null;
  return OTHER_PRIMARY_KEYS.includes(first) ? "other_key" : "primary_key";
}

/** The URI's levels, least granular first: the GTIN, then with each qualifier it has (GS1's "walk up the tree", read down). */
export function uriLevels(uri: ResolverUri): ResolverUri[] {
  const levels: ResolverUri[] = [{ gtin: uri.gtin, cpv: null, lot: null, serial: null }];
  if (uri.cpv !== null) levels.push({ ...levels.at(-1)!, cpv: uri.cpv });
  if (uri.lot !== null) levels.push({ ...levels.at(-1)!, lot: uri.lot });
  if (uri.serial !== null) levels.push({ ...levels.at(-1)!, serial: uri.serial });
  return levels;
}

/** A URI's path, uncompressed and canonical: GTIN-14, values percent-encoded as GS1 writes them. */
export function uriPath(uri: ResolverUri): string {
  let path = `/01/${uri.gtin}`;
  if (uri.cpv !== null) path += `/22/${encodeValue(uri.cpv)}`;
  if (uri.lot !== null) path += `/10/${encodeValue(uri.lot)}`;
  if (uri.serial !== null) path += `/21/${encodeValue(uri.serial)}`;
  return path;
}

/** True for the one shape our pack labels print: GTIN, lot and serial, no variant. */
export function isPackUri(uri: ResolverUri): boolean {
  return uri.serial !== null && uri.lot !== null && uri.cpv === null;
}
