import { PostgresAdapter, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Engine } from "./database-url";

/**
 * The few places where live code needs different SQL on SQLite and PostgreSQL, each written once for both
 * engines; domain code calls these helpers and never tests the engine itself. (The engine-specific DDL of
 * migrations is theirs, frozen in migrations/engine.ts.)
 */

/** The engine a Kysely instance talks to. */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * `SELECT … FOR UPDATE` on PostgreSQL, where two instances may read the same row at once inside
 * their transactions; a no-op on SQLite, whose write transactions (BEGIN IMMEDIATE, see
 * dialects.server.ts) already exclude each other. Use as `.$call(lockForUpdate(trx))`.
 */
export function lockForUpdate(db: Kysely<any>, of?: string) {
  const postgres = engineOf(db) === "postgres";
  return <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB => (postgres ? (qb.forUpdate(of as never) as QB) : qb);
}
