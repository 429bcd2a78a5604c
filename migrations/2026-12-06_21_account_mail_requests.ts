import { sql, type Kysely } from "kysely";

/**
 * Requests for a mail about a staff account (issue 42, N3): "Forgot your password?" and a sign-in link
 * for a new browser (decision 171). The form only writes one row, the same for every name typed; the
 * outbox's loop (decision 159) does the work later, away from the request and its connection: looks
 * the member up, makes the link, renders and queues the mail. The common outbox columns, then the
 * request: its kind, what was typed (emptied once it is done), the keyed client hash, the language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("account_mail_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('password_reset', 'sign_in_link')`))
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("account_mail_requests_due_idx").on("account_mail_requests").columns(["status", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_mail_requests").execute();
}
