import { sql, type Kysely } from "kysely";

/**
 * Brand protection, the signals (decision 091).
 *
 * - `alerts`: one row per suspected clone, guessing episode or out-of-market check. `subject` says
 *   what it is about (`clone:<code id>`, `market:<code id>`, `guessing:spike`,
 *   `guessing:client:<client hash>`); a partial unique index keeps at most one alert per subject
 *   that is not closed, so concurrent checks (several workers, several instances) update the one
 *   alert instead of opening a second. open → acknowledged → closed, with who and when.
 * - `alert_scans`: the scans each alert lists (deleted with the scan when the log's retention removes it).
 * - `verify_limit_hits`: one row per client and verification-limit window in which it was refused
 *   (the "one client hitting its limit repeatedly" signal); pruned by the daily job.
 * - `webhook_deliveries`: the outbox of `ALERT_WEBHOOK_URL`, written in the check's transaction and
 *   sent after it, retried with backoff; a lease lets one worker send each.
 * - `job_runs`: the daily job's lease and last run, so one worker of one instance runs it per day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('clone', 'guessing', 'market')`))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'acknowledged', 'closed')`))
    .addColumn("code_id", "text", (c) => c.references("codes.id").onDelete("set null"))
    .addColumn("code", "text")
    .addColumn("product_id", "text")
    .addColumn("batch_id", "text")
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("scans_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("acknowledged_at", "text")
    .addColumn("acknowledged_by", "text")
    .addColumn("closed_at", "text")
    .addColumn("closed_by", "text")
    .execute();
  await db.schema
    .createIndex("alerts_one_open_idx")
    .on("alerts")
    .column("subject")
    .unique()
    .where(sql.ref("status"), "<>", "closed")
    .execute();
  await db.schema.createIndex("alerts_subject_closed_idx").on("alerts").columns(["subject", "closed_at"]).execute();
  // Lists by status. Not on updated_at: a check that adds its scan to an open alert touches
  // updated_at, and an index on it would be one more write in every such check; the alerts are few
  // enough to sort.
  await db.schema.createIndex("alerts_status_idx").on("alerts").column("status").execute();
  await db.schema.createIndex("alerts_code_idx").on("alerts").column("code_id").execute();

  await db.schema
    .createTable("alert_scans")
    .addColumn("alert_id", "text", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addColumn("scan_id", "text", (c) => c.notNull().references("scans.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("alert_scans_pk", ["alert_id", "scan_id"])
    .execute();
  await db.schema.createIndex("alert_scans_scan_idx").on("alert_scans").column("scan_id").execute();

  await db.schema
    .createTable("verify_limit_hits")
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("window_end", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("verify_limit_hits_pk", ["client_hash", "window_end"])
    .execute();
  await db.schema.createIndex("verify_limit_hits_created_idx").on("verify_limit_hits").column("created_at").execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("alert_id", "text", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due_idx").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_alert_idx").on("webhook_deliveries").column("alert_id").execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_day", "text")
    .addColumn("lease_holder", "text")
    .addColumn("lease_until", "text")
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("result", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["job_runs", "webhook_deliveries", "verify_limit_hits", "alert_scans", "alerts"]) {
    await db.schema.dropTable(table).execute();
  }
}
