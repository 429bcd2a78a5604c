import { sql, type Kysely } from "kysely";

/**
 * Brand protection, the scan log (decision 090).
 *
 * - Each scan also keeps the client's country (ISO 3166-1 alpha-2 from the offline GeoIP database;
 *   null for private and unknown addresses); the batch of the matched code is already there (print
 *   runs, migration 10).
 * - Indexes on what the scan log filters by, each ending in the log's order (created_at, id), so the
 *   first page of any one filter is one index range read from its newest end.
 * - `scan_daily`: checks per UTC day and outcome, overall (`dim = 'all'`) and per product, batch and
 *   country (`dim` names which, `value` is the id or code; '' for "no country"). Kept exact by the
 *   check itself (in its transaction) and kept when old scans are deleted, so the dashboard and the
 *   log's counts read a few hundred rows whatever the size of the log. Filled here from the scans
 *   already recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("scans").addColumn("country", "text").execute();

  // Print runs' index on the batch (migration 10) gains the log's tie-breaker.
  await db.schema.dropIndex("scans_batch_idx").execute();
  await db.schema.createIndex("scans_created_idx").on("scans").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("scans_outcome_idx").on("scans").columns(["outcome", "created_at", "id"]).execute();
  await db.schema.createIndex("scans_product_idx").on("scans").columns(["product_id", "created_at", "id"]).execute();
  await db.schema.createIndex("scans_batch_idx").on("scans").columns(["batch_id", "created_at", "id"]).execute();
  await db.schema.createIndex("scans_country_idx").on("scans").columns(["country", "created_at", "id"]).execute();

  await db.schema
    .createTable("scan_daily")
    .addColumn("dim", "text", (c) => c.notNull().check(sql`dim in ('all', 'product', 'batch', 'country')`))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("scan_daily_pk", ["dim", "value", "day", "outcome"])
    .execute();
  // The dashboard's "top N in the last D days" reads one dimension's days, whatever its values, from
  // this index alone (measured: 5–15× faster than looking each row up, for one more index entry
  // changed per aggregate a check adds to).
  await db.schema.createIndex("scan_daily_dim_day_idx").on("scan_daily").columns(["dim", "day", "value", "outcome", "n"]).execute();

  // The scans recorded before this migration: one row per (dimension, value, day, outcome).
  const day = sql`substr(created_at, 1, 10)`;
  await sql`INSERT INTO scan_daily (dim, value, day, outcome, n)
    SELECT 'all', '', ${day}, outcome, count(*) FROM scans GROUP BY ${day}, outcome`.execute(db);
  await sql`INSERT INTO scan_daily (dim, value, day, outcome, n)
    SELECT 'product', product_id, ${day}, outcome, count(*) FROM scans WHERE product_id IS NOT NULL GROUP BY product_id, ${day}, outcome`.execute(db);
  await sql`INSERT INTO scan_daily (dim, value, day, outcome, n)
    SELECT 'batch', batch_id, ${day}, outcome, count(*) FROM scans WHERE batch_id IS NOT NULL GROUP BY batch_id, ${day}, outcome`.execute(db);
  await sql`INSERT INTO scan_daily (dim, value, day, outcome, n)
    SELECT 'country', '', ${day}, outcome, count(*) FROM scans GROUP BY ${day}, outcome`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scan_daily").execute();
  for (const name of ["scans_country_idx", "scans_batch_idx", "scans_product_idx", "scans_outcome_idx", "scans_created_idx"]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex("scans_batch_idx").on("scans").columns(["batch_id", "created_at"]).execute();
  await db.schema.alterTable("scans").dropColumn("country").execute();
}
