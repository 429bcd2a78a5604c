import type { Kysely } from "kysely";
import { replaceColumnCheck } from "./engine";

/**
 * Runs of NFC tags (issue 41, decision 195): a third label kind.
 *
 * - `batches.label_kind` also takes `nfc`. Its CHECK is changed, not worked around with a flag: the
 *   kind decides which downloads may open a run's sealed rows (a tag's row seals its key), so it must
 *   say what the run is. `batches` holds one row per run: on SQLite the table is rebuilt
 *   (`replaceColumnCheck`, every row, index, trigger and foreign key kept), on PostgreSQL the
 *   constraint is replaced.
 * - `batches.nfc_meta_key_enc`: an NFC run's SDMMetaReadKey (the key its tags' PICCData is encrypted
 *   with), sealed with AES-256-GCM under a key derived from the codes key (never in clear in the
 *   database); null for other runs.
 */
const BEFORE = ["single", "two_part"];
const AFTER = ["single", "two_part", "nfc"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("batches").addColumn("nfc_meta_key_enc", "text").execute();
  await replaceColumnCheck(db, "batches", "label_kind", BEFORE, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceColumnCheck(db, "batches", "label_kind", AFTER, BEFORE);
  await db.schema.alterTable("batches").dropColumn("nfc_meta_key_enc").execute();
}
