import type { Kysely } from "kysely";

/**
 * Members' notices (decision 164): whether a member is mailed about new alerts and counterfeit
 * reports ('off', 'immediate' or 'daily'; 'off' for everyone already there) and in which language.
 * Indexed by the choice: an opened alert looks its recipients up with one indexed query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("notify", "text", (col) => col.notNull().defaultTo("off")).execute();
  await db.schema.alterTable("admins").addColumn("notify_lang", "text", (col) => col.notNull().defaultTo("en")).execute();
  await db.schema.createIndex("admins_notify_idx").on("admins").column("notify").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("admins_notify_idx").execute();
  await db.schema.alterTable("admins").dropColumn("notify_lang").execute();
  await db.schema.alterTable("admins").dropColumn("notify").execute();
}
