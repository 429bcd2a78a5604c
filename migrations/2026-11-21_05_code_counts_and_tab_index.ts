import { sql, type Kysely } from "kysely";
import { createCodeCountTriggers, createTabIndex, dropCodeCountTriggers, dropTabIndex } from "./engine";

/**
 * Admin lists and counts that stay flat as codes grow (see docs/decisions/063).
 *
 * - `code_counts`: one row per status, kept exact by triggers on `codes`, so the Active/Expired counts
 *   of the codes list and the dashboard read three rows instead of counting every code.
 * - `codes_tab_created_idx` on `(status = 'active', created_at, id)`: both tabs (Active = active;
 *   Expired = expired and revoked) become one index range already in list order, so no page needs a
 *   sort of the whole tab. It replaces `codes_status_created_idx`, which the lists no longer use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("code_counts")
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("n", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("code_counts")
    .values([{ status: "active" }, { status: "expired" }, { status: "revoked" }].map((row) => ({ ...row, n: 0 })))
    .execute();
  await sql`UPDATE code_counts SET n = (SELECT count(*) FROM codes WHERE codes.status = code_counts.status)`.execute(db);
  // The counting triggers differ per engine (db/portable.ts); on SQLite they are the statements this
  // migration landed with.
  await createCodeCountTriggers(db);

  // One expression index on SQLite (the statement this migration landed with), two partial indexes
  // on PostgreSQL (db/portable.ts says why).
  await createTabIndex(db);
  await db.schema.dropIndex("codes_status_created_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("codes_status_created_idx").on("codes").columns(["status", "created_at", "id"]).execute();
  await dropTabIndex(db);
  await dropCodeCountTriggers(db);
  await db.schema.dropTable("code_counts").execute();
}
