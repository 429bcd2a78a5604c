import { lookupHash, openCodes, sealCodes } from "~/lib/code-seal.mjs";
import { codeKeys } from "~/lib/codes-key.server";

/**
 * How a code is kept in the database (decision 081): found by its keyed hash, shown and printed from
 * its sealed value. Every module that stores, finds or shows a code goes through these.
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
