import type { Kysely } from "kysely";

/**
 * Members gain an e-mail address (decision 161): nullable, stored trimmed and in lower case by the
 * application, unique when set (a unique index: both engines let any number of rows leave it null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("email", "text").execute();
  await db.schema.createIndex("admins_email_idx").on("admins").column("email").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("admins_email_idx").execute();
  await db.schema.alterTable("admins").dropColumn("email").execute();
}
