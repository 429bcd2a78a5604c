import type { Kysely } from "kysely";

/**
 * Registered buyers, issue 42 (N2): a genuine check's scan id signs up one address, never more. The
 * first sign-up of a scan binds it to the keyed hash of its address (`address_hash`, never the address
 * itself); a sign-up of another address with the same scan is answered the same and stores and mails
 * nothing. Kept apart from `registrations`, whose rows are deleted (unconfirmed after 7 days, or by
 * unsubscribing): the binding outlives them, and goes with the scan's own retention (the daily job).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("registration_scans")
    .addColumn("scan_id", "text", (c) => c.primaryKey())
    .addColumn("address_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("registration_scans_created_idx").on("registration_scans").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("registration_scans").execute();
}
