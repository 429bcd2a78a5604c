import { sql, type Kysely } from "kysely";

/**
 * Counterfeit reports (decision 093): a shopper's "where I bought it" after a result that was not
 * genuine. The scan's facts are copied at report time, so a report outlives the scan log's retention
 * (its `scan_id` then becomes null). The photo is a file under the data folder with a random name;
 * only its name, type and size are stored here. `report_notes` keeps each status change and note.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('new', 'investigating', 'closed')`))
    .addColumn("scan_id", "text", (c) => c.references("scans.id").onDelete("set null"))
    .addColumn("code_id", "text", (c) => c.references("codes.id").onDelete("set null"))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("product_id", "text")
    .addColumn("batch_id", "text")
    .addColumn("scan_country", "text")
    .addColumn("scanned_at", "text", (c) => c.notNull())
    .addColumn("seller", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("purchased_on", "text", (c) => c.notNull())
    .addColumn("contact", "text")
    .addColumn("consent_at", "text")
    .addColumn("photo_name", "text")
    .addColumn("photo_type", "text")
    .addColumn("photo_bytes", "integer")
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reports_status_created_idx").on("reports").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("reports_created_idx").on("reports").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("reports_scan_idx").on("reports").column("scan_id").execute();
  await db.schema.createIndex("reports_code_idx").on("reports").column("code_id").execute();

  await db.schema
    .createTable("report_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("report_id", "text", (c) => c.notNull().references("reports.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("status_from", "text", (c) => c.notNull())
    .addColumn("status_to", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("report_notes_report_idx").on("report_notes").columns(["report_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_notes").execute();
  await db.schema.dropTable("reports").execute();
}
