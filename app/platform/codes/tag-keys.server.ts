import { createHmac, randomBytes } from "node:crypto";
import { codeKeys } from "~/platform/lib/codes-key.server";
import { openText, sealText } from "~/platform/lib/seal.server";
import { revealPacks, sealedPacks } from "~/platform/codes/code-store.server";

/**
 * An NFC run's keys at rest (decision 195). Nothing here is ever in the database in clear:
 *
 * - each tag is a row of `codes`, as a two-part pack is (decision 146): its UID in `pack_serial`, and
 *   `code_hash`/`code_enc` the keyed hash and the seal of `UID/SDMFileReadKey` (decision 081's sealing,
 *   one pass for a whole run), so the tag's key is opened with its row and nowhere else;
 * - the run's SDMMetaReadKey is sealed with AES-256-GCM (`sealText`) under a key derived from the codes
 *   key, as webhook secrets are, in `batches.nfc_meta_key_enc`.
 *
 * Keys are AES-128, 32 hex characters (upper case). Generated ones are random, each drawn on its own
 * (not diversified from a master key: a supplier's keys are stored per tag anyway, and a run's one
 * leaked key then opens one tag, not all).
 */

/** A tag as a run is made with it: its UID and its SDMFileReadKey (hex, upper case). */
export type TagKeys = { uid: string; fileReadKey: string };

/** A fresh AES-128 key, 32 hex characters. */
export const newKey = () => randomBytes(16).toString("hex").toUpperCase();

let metaSealKey: Buffer | undefined;
const sealKey = () => (metaSealKey ??= createHmac("sha256", codeKeys().seal).update("lunara/nfc/meta-read-key/v1").digest());

/** A run's SDMMetaReadKey, sealed for `batches.nfc_meta_key_enc`. */
export const sealMetaKey = (hex: string) => sealText(sealKey(), hex.toUpperCase());

/** A run's SDMMetaReadKey (16 bytes), or null when it does not open (another codes key, or altered). */
export function openMetaKey(sealed: string | null): Buffer | null {
  const hex = sealed ? openText(sealKey(), sealed) : null;
  return hex ? Buffer.from(hex, "hex") : null;
}

/** The `codes` columns of a run's tags, sealed in one pass: the tag's UID public, its key sealed with it. */
export function sealedTags(tags: readonly TagKeys[]): { code_hash: string; code_enc: string; pack_serial: string }[] {
  return sealedPacks(tags.map((tag) => ({ serial: tag.uid, pin: tag.fileReadKey }))).map((sealed, i) => ({ ...sealed, pack_serial: tags[i]!.uid }));
}

/** The UIDs and keys of stored tag rows, opened in one pass (a tap; the encoder's file). */
export function revealTags(rows: readonly { code_hash: string; code_enc: string }[]): TagKeys[] {
  return revealPacks(rows).map(({ serial, pin }) => ({ uid: serial, fileReadKey: pin }));
}
