import type { Kysely } from "kysely";
import { epochMillisType } from "./engine";

/**
 * The store of rate-limiter-flexible's SQLite and PostgreSQL limiters (their column layout: key, points,
 * expire in epoch milliseconds, which needs bigint on PostgreSQL; SQLite keeps `integer`, as landed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", epochMillisType(db))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
