import type { Kysely } from "kysely";

/**
 * API keys for machines (decision 154): a name, the visible prefix of the secret, the secret only as a
 * keyed hash (HMAC-SHA-256, never the secret itself), the scopes (space-separated), an optional expiry,
 * the last use, who made it and when, who revoked it and when. Keys are never deleted: the audit trail
 * names them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("last_used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull().references("admins.id"))
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text", (c) => c.references("admins.id"))
    .execute();
  await db.schema.createIndex("api_keys_created_idx").on("api_keys").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_keys").execute();
}
