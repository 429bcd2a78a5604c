import type { Kysely } from "kysely";

/**
 * Registered buyers (issue 28, decision 162): a shopper who got a genuine result asks to hear about
 * the product's run (safety notices). One registration per run and e-mail address.
 *
 * - `scan_id`: the genuine check it came from (no foreign key: the scan log's retention deletes scans).
 * - `email` (normalised: trimmed, lower case), `lang` (`en` or `ar`): where and how to write.
 * - `consent_version`, `consent_at`: which consent sentence was ticked, and when.
 * - `state`: `pending` until the mailed link confirms it, then `confirmed`.
 * - `confirm_hash`, `confirm_expires_at`: keyed hash of the confirmation token (7 days, single use: both
 *   cleared on confirmation). `unsubscribe_hash`: keyed hash of the unsubscribe token.
 * - `notified_recall_at`: the `batches.recall_at` of the last recall whose notice was queued for it (once
 *   per registration per recall).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("scan_id", "text", (c) => c.notNull())
    .addColumn("batch_id", "text", (c) => c.notNull().references("batches.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("consent_version", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("confirm_hash", "text", (c) => c.unique())
    .addColumn("confirm_expires_at", "text")
    .addColumn("unsubscribe_hash", "text", (c) => c.notNull().unique())
    .addColumn("notified_recall_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addUniqueConstraint("registrations_batch_email_key", ["batch_id", "email"])
    .execute();
  await db.schema.createIndex("registrations_batch_state_idx").on("registrations").columns(["batch_id", "state", "created_at"]).execute();
  await db.schema.createIndex("registrations_state_created_idx").on("registrations").columns(["state", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("registrations").execute();
}
