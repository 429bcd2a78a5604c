import { sql, type Kysely } from "kysely";
import { createBatchCountTriggers } from "@db/print-runs";
import { sealCodes } from "~/lib/code-seal.mjs";
import { codeKeys } from "~/lib/codes-key.server";

/**
 * Print runs (decision 080) and codes at rest (decision 081).
 *
 * - `batches`: a print run of one product and lot, with its four counts kept exact by triggers on
 *   `codes` (db/print-runs.ts).
 * - `codes.code` becomes `code_hash` (the keyed hash every lookup uses; its unique index stays) and
 *   gains `code_enc` (the sealed code admins see and print), `batch_id` and `serial` (1..N in its run).
 *   Every existing code is sealed here with the deployment's codes key (CODES_KEY or
 *   DATA_DIR/codes.key), whose fingerprint is kept in `code_keys` so a start with another key stops.
 * - `scans.batch_id`: the run of the matched code, copied at check time (brand protection joins scans
 *   to runs without going through codes, which may be deleted).
 */
const SEAL_CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const keys = codeKeys();
  await db.schema
    .createTable("code_keys")
    .addColumn("fingerprint", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("code_keys").values({ fingerprint: keys.fingerprint, created_at: new Date().toISOString() }).execute();

  await db.schema
    .createTable("batches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("lot", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("manufactured_on", "text")
    .addColumn("best_before", "text")
    .addColumn("market", "text")
    .addColumn("note", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'revoked')`))
    .addColumn("revoked_reason", "text", (c) => c.check(sql`revoked_reason in ('misprint', 'stolen', 'recalled', 'other')`))
    .addColumn("revoked_note", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("active_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expired_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revoked_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The list of runs, newest first.
  await db.schema.createIndex("batches_created_idx").on("batches").columns(["created_at", "id"]).execute();

  await db.schema.alterTable("codes").renameColumn("code", "code_hash").execute();
  await db.schema.alterTable("codes").addColumn("code_enc", "text").execute();
  await db.schema.alterTable("codes").addColumn("batch_id", "text", (c) => c.references("batches.id")).execute();
  await db.schema.alterTable("codes").addColumn("serial", "integer").execute();
  // A run's codes in print order (its page, the exports, the codes screen's filter); single codes have neither.
  await db.schema.createIndex("codes_batch_serial_idx").on("codes").columns(["batch_id", "serial"]).unique().execute();

  // Seal every existing code in place (its plain text is still in code_hash until then).
  for (;;) {
    const rows: { id: string; code_hash: string }[] = await db
      .selectFrom("codes")
      .select(["id", "code_hash"])
      .where("code_enc", "is", null)
      .orderBy("id")
      .limit(SEAL_CHUNK)
      .execute();
    if (rows.length === 0) break;
    const sealed = sealCodes(
      keys,
      rows.map((row) => row.code_hash),
    );
    for (const [i, row] of rows.entries()) {
      await db.updateTable("codes").set(sealed[i]!).where("id", "=", row.id).execute();
    }
  }

  await createBatchCountTriggers(db);

  await db.schema.alterTable("scans").addColumn("batch_id", "text").execute();
  await db.schema.createIndex("scans_batch_idx").on("scans").columns(["batch_id", "created_at"]).execute();
}

/**
 * Not reversible: SQLite cannot drop a column that references another table (`codes.batch_id`), and
 * undoing the seal would write every code back in plain text, which is what this migration exists to
 * prevent. Restore a backup taken before it instead.
 */
export async function down(): Promise<void> {
  throw new Error("Migration 2026-11-23_10_print_runs_and_sealed_codes cannot be undone; restore a backup taken before it.");
}
