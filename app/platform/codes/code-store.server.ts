import { lookupHash, openCodes, sealCodes } from "~/platform/lib/code-seal.mjs";
import { codeKeys } from "~/platform/lib/codes-key.server";

/**
 * How a code is kept in the database (decision 081): found by its keyed hash, shown and printed from
 * its sealed value. Every module that stores, finds or shows a code goes through these.
 *
 * A two-part run's pack (issue 27) is kept the same way under the text `SERIAL/PIN`: its hash is
 * what a redemption looks up, its sealed value opens to that text for the admin's exports. A slash
 * is never part of a normalised code, so a PIN (or a serial, or both run together) typed into the
 * code check never matches a pack, and equal PINs of two packs never share a hash.
 */

type Sealed = { code_hash: string; code_enc: string };

/** The keyed hash a normalised code is stored and found under. */
export function codeHash(normalized: string): string {
  return lookupHash(codeKeys(), normalized);
}

/** The two columns that store a normalised code. */
export function sealedCode(normalized: string): Sealed {
  return sealCodes(codeKeys(), [normalized])[0]!;
}

/** The stored columns of many normalised codes, sealed in one pass (a print run). */
export function sealedCodes(normalized: readonly string[]): Sealed[] {
  return sealCodes(codeKeys(), normalized);
}

/** The normalised code of a stored row. */
export function revealCode(row: Sealed): string {
  return openCodes(codeKeys(), [row])[0]!;
}

/** The normalised codes of many stored rows, opened in one pass (an export). */
export function revealCodes(rows: readonly Sealed[]): string[] {
  return openCodes(codeKeys(), rows);
}

/** The sealed text of a pack: its serial and its PIN, normalised. */
export const packText = (serial: string, pin: string) => `${serial}/${pin}`;

/** The keyed hash a pack is stored and redeemed under. */
export function packHash(serial: string, pin: string): string {
  return codeHash(packText(serial, pin));
}

/** The stored columns of many packs, sealed in one pass (a two-part run). */
export function sealedPacks(packs: readonly { serial: string; pin: string }[]): Sealed[] {
  return sealedCodes(packs.map((p) => packText(p.serial, p.pin)));
}

/** The serials and PINs of many stored packs, opened in one pass (the admin's exports only). */
export function revealPacks(rows: readonly Sealed[]): { serial: string; pin: string }[] {
  return revealCodes(rows).map((text) => {
    const at = text.indexOf("/");
    return { serial: text.slice(0, at), pin: text.slice(at + 1) };
  });
}

/** What a screen shows for a stored row: a code, or a pack's public serial (never its PIN). */
export function shownCode(row: Sealed & { pack_serial: string | null }): string {
  return row.pack_serial ?? revealCode(row);
}
