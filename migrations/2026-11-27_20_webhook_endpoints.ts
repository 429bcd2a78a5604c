import { sql, type Kysely } from "kysely";

/**
 * Webhooks the owners manage (issue 31, decision 160):
 * - `webhook_endpoints`: a URL, the events it takes (space-separated), enabled or not, its signing
 *   secret sealed (AES-256-GCM, it must sign with it again), the previous secret and the end of its
 *   overlap after a rotation, who made it and when.
 * - `webhook_deliveries` rebuilt for any event and any endpoint (the first table was one alert per
 *   row, `alert_id` required): the endpoint (null: the one ALERT_WEBHOOK_URL defines), the event, its
 *   id, the record it is about, the duration of the last attempt; the outbox's columns as before. The
 *   rows of the first table are carried over (an alert's delivery becomes an `alert.created` event).
 *   The old table is copied aside first, so the new one takes its name and its index names on both
 *   engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("secret_enc", "text", (c) => c.notNull())
    .addColumn("previous_secret_enc", "text")
    .addColumn("previous_secret_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull().references("admins.id"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_endpoints_created_idx").on("webhook_endpoints").columns(["created_at", "id"]).execute();

  await db.schema.createTable("webhook_deliveries_previous").as(db.selectFrom("webhook_deliveries").selectAll()).execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) => c.references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due_idx").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint_idx").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_subject_idx").on("webhook_deliveries").column("subject_id").execute();
  await db
    .insertInto("webhook_deliveries")
    .columns(["id", "endpoint_id", "event", "event_id", "subject_id", "url", "payload", "status", "attempts", "next_attempt_at", "lease_until", "last_status", "last_error", "created_at", "delivered_at"])
    .expression(
      db
        .selectFrom("webhook_deliveries_previous")
        .select([
          "id",
          sql<null>`null`.as("endpoint_id"),
          sql<string>`'alert.created'`.as("event"),
          "id as event_id",
          "alert_id as subject_id",
          "url",
          "payload",
          "status",
          "attempts",
          "next_attempt_at",
          "lease_until",
          "last_status",
          "last_error",
          "created_at",
          "delivered_at",
        ]),
    )
    .execute();
  await db.schema.dropTable("webhook_deliveries_previous").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
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
  await db.schema.dropTable("webhook_endpoints").execute();
}
