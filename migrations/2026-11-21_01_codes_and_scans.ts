import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'expired', 'revoked')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expired_at", "text")
    .addColumn("verified_at", "text")
    .execute();
  // Lists filter by status and sort by creation time; counts group by status.
  await db.schema.createIndex("codes_status_created_idx").on("codes").columns(["status", "created_at", "id"]).execute();

  await db.schema
    .createTable("scans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("input", "text", (c) => c.notNull())
    .addColumn("code_id", "text", (c) => c.references("codes.id").onDelete("set null"))
    .addColumn("outcome", "text", (c) =>
      c.notNull().check(sql`outcome in ('valid', 'used', 'unknown', 'expired', 'revoked')`),
    )
    // Copied from the code at check time, so a result view never changes even after the code is deleted.
    .addColumn("product_id", "text")
    .addColumn("verified_at", "text")
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scans_code_idx").on("scans").columns(["code_id", "created_at"]).execute();
  await db.schema.createIndex("scans_client_idx").on("scans").columns(["client_hash", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scans").execute();
  await db.schema.dropTable("codes").execute();
}
