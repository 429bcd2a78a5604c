import type { Kysely } from "kysely";
import { createAppendOnlyGuard, dropAppendOnlyGuard } from "./engine";

/**
 * The audit trail (decision 101): one row per recorded action, append-only (the database refuses
 * UPDATE and DELETE). Read newest first, filtered by actor or action, in date ranges.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("client_hash", "text")
    .addColumn("detail", "text")
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor", "created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at", "id"]).execute();
  await createAppendOnlyGuard(db, "audit_log");
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropAppendOnlyGuard(db, "audit_log");
  await db.schema.dropTable("audit_log").execute();
}
