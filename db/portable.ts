import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Engine } from "~/platform/lib/database-url";

/**
 * The few places where SQLite and PostgreSQL need different SQL, each written once for both engines.
 * Migrations and domain code call these helpers; they never test the engine themselves.
 */

/** The engine a Kysely instance talks to. */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/**
 * Milliseconds since 1970 (the rate limiter's `expire`): SQLite's INTEGER is 64-bit, PostgreSQL's
 * `integer` is 32-bit and overflows in 1970 + 25 days, so it needs `bigint` there.
 */
export function epochMillisType(db: Kysely<any>): "bigint" | "integer" {
  return engineOf(db) === "postgres" ? "bigint" : "integer";
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

/**
 * The triggers that keep `code_counts` exact (decision 063).
 *
 * SQLite: plain row triggers; SQLite has one writer at a time, so the counter rows are never
 * contended.
 *
 * PostgreSQL: several instances write at once, and a counter row updated in the middle of a
 * transaction stays locked until it commits. Two verification batches that each consumed a code
 * would then wait for each other's counter row while holding their code rows: a deadlock. So the
 * PostgreSQL twin is a *deferred constraint trigger*: the counts change at commit, after every code
 * row the transaction needs is already held, and it first locks all three counter rows in one fixed
 * order, so two committing transactions can never hold them crosswise.
 */
export async function createCodeCountTriggers(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`CREATE TRIGGER codes_count_insert AFTER INSERT ON codes BEGIN
    UPDATE code_counts SET n = n + 1 WHERE status = NEW.status;
  END`.execute(db);
    await sql`CREATE TRIGGER codes_count_delete AFTER DELETE ON codes BEGIN
    UPDATE code_counts SET n = n - 1 WHERE status = OLD.status;
  END`.execute(db);
    await sql`CREATE TRIGGER codes_count_update AFTER UPDATE OF status ON codes WHEN OLD.status IS NOT NEW.status BEGIN
    UPDATE code_counts SET n = n - 1 WHERE status = OLD.status;
    UPDATE code_counts SET n = n + 1 WHERE status = NEW.status;
  END`.execute(db);
    return;
  }
  await sql`CREATE FUNCTION codes_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every counter row, always in the same order, before changing any: no crosswise waits.
  PERFORM 1 FROM code_counts ORDER BY status FOR UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE code_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE code_counts SET n = n + 1 WHERE status = NEW.status;
  END IF;
  RETURN NULL;
END
$$`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_count_insert AFTER INSERT ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION codes_count_change()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_count_delete AFTER DELETE ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION codes_count_change()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER codes_count_update AFTER UPDATE OF status ON codes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION codes_count_change()`.execute(db);
}

export async function dropCodeCountTriggers(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`DROP TRIGGER codes_count_update`.execute(db);
    await sql`DROP TRIGGER codes_count_delete`.execute(db);
    await sql`DROP TRIGGER codes_count_insert`.execute(db);
    return;
  }
  await sql`DROP TRIGGER codes_count_update ON codes`.execute(db);
  await sql`DROP TRIGGER codes_count_delete ON codes`.execute(db);
  await sql`DROP TRIGGER codes_count_insert ON codes`.execute(db);
  await sql`DROP FUNCTION codes_count_change()`.execute(db);
}

/**
 * The index that serves both code-list tabs in list order (decision 063).
 *
 * SQLite: one expression index on `((status = 'active'), created_at, id)`; the list query's
 * `("status" = 'active') = <true|false>` matches it for both tabs.
 *
 * PostgreSQL: the planner folds `(status = 'active') = false` into `status <> 'active'`, which no
 * longer matches that expression, so the Expired tab would sort the whole tab (measured: a parallel
 * sequential scan and sort, 38 ms at 300 000 codes, against 0.03 ms). Its twin is two partial
 * indexes on `(created_at, id)`, one per tab, whose predicates are exactly what the planner makes of
 * the list query's two forms.
 */
export async function createTabIndex(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`CREATE INDEX codes_tab_created_idx ON codes ((status = 'active'), created_at, id)`.execute(db);
    return;
  }
  await db.schema.createIndex("codes_tab_created_active_idx").on("codes").columns(["created_at", "id"]).where(sql.ref("status"), "=", "active").execute();
  await db.schema.createIndex("codes_tab_created_ended_idx").on("codes").columns(["created_at", "id"]).where(sql.ref("status"), "<>", "active").execute();
}

export async function dropTabIndex(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await db.schema.dropIndex("codes_tab_created_idx").execute();
    return;
  }
  await db.schema.dropIndex("codes_tab_created_active_idx").execute();
  await db.schema.dropIndex("codes_tab_created_ended_idx").execute();
}
