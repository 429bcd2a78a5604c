import { codeKeysFor, type CodeKeys } from "./code-seal.mjs";
import { env } from "./env.server";

let keys: CodeKeys | undefined;

/**
 * The keys codes are sealed and looked up with (decision 081): derived from CODES_KEY, or from the key
 * generated once into the data folder (`DATA_DIR/codes.key`). Never stored in the database: a copy of
 * the database alone reveals no code, and losing the key makes every code unreadable, so it is backed
 * up with the database (README).
 */
export function codeKeys(): CodeKeys {
  if (!keys) {
    const e = env();
    keys = codeKeysFor({ codesKey: e.CODES_KEY, dataDir: e.DATA_DIR });
  }
  return keys;
}
