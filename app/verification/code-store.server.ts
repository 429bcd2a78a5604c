import { lookupHash, openCode, sealedColumns } from "~/lib/code-seal.mjs";
import { codeKeys } from "~/lib/codes-key.server";

/**
 * How a code is kept in the database (decision 081): found by its keyed hash, shown and printed from
 * its sealed value. Every module that stores, finds or shows a code goes through these three.
 */

/** The keyed hash a normalised code is stored and found under. */
export function codeHash(normalized: string): string {
  return lookupHash(codeKeys(), normalized);
}

/** The two columns that store a normalised code. */
export function sealedCode(normalized: string): { code_hash: string; code_enc: string } {
  return sealedColumns(codeKeys(), normalized);
}

/** The normalised code of a stored row. */
export function revealCode(row: { code_hash: string; code_enc: string }): string {
  return openCode(codeKeys(), row.code_enc, row.code_hash);
}
