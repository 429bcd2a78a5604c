import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The engine-specific DDL of migrations, each written once for both engines (SQLite and PostgreSQL).
 *
 * FROZEN with the migrations that call them: a landed migration must do tomorrow what it did the day it
 * landed, so it imports nothing outside migrations/ (decision 199), and nothing here is ever changed. A
 * migration that needs other SQL gets a new function (or writes it in its own file); live code has its
 * own engine helpers in db/portable.ts.
 */

/** The engine a Kysely instance talks to. */
export function engineOf(db: Kysely<any>): "sqlite" | "postgres" {
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

/**
 * Changes the values a text column's CHECK allows (`column in (…)`), keeping every row, index, trigger
 * and foreign key of the table (decision 195). `from` and `to` are the lists, in order.
 *
 * PostgreSQL: the column's constraint (named `{table}_{column}_check`, as PostgreSQL names a column's
 * CHECK) is dropped and added again with the new list; adding it checks every row.
 *
 * SQLite cannot alter a CHECK: the table is rebuilt as SQLite's documentation says (ALTER TABLE,
 * "Making Other Kinds Of Table Schema Changes"), from its own stored definition with only the list
 * changed: foreign keys and the legacy rename off for the connection (a migration on SQLite runs
 * outside a transaction, so the pragmas apply), then in one transaction a copy of the table, every
 * row copied, the old one dropped, the copy renamed and its indexes and triggers made again, and
 * `foreign_key_check` must find nothing. Every row is copied: meant for small tables (print runs), not
 * for the scan log.
 */
export async function replaceColumnCheck(db: Kysely<any>, table: string, column: string, from: readonly string[], to: readonly string[]): Promise<void> {
  const list = (values: readonly string[]) => `${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`;
  if (engineOf(db) === "postgres") {
    const constraint = `${table}_${column}_check`;
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(constraint)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(constraint)} CHECK (${sql.raw(list(to))})`.execute(db);
    return;
  }
  const pragma = async (name: string) => (await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db)).rows[0]?.[name] ?? 0;
  const [foreignKeys, legacyRename] = [await pragma("foreign_keys"), await pragma("legacy_alter_table")];
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`PRAGMA legacy_alter_table = ON`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const schema = await sql<{ type: string; name: string; sql: string }>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ${table} AND sql IS NOT NULL`.execute(trx);
      const definition = schema.rows.find((row) => row.type === "table")?.sql ?? "";
      const parts = definition.split(list(from));
      if (parts.length !== 2) throw new Error(`${table}.${column}: its CHECK is not "${list(from)}"`);
      const copy = `${table}_rebuilt`;
      const created = parts.join(list(to)).replace(/^CREATE TABLE\s+("?)[A-Za-z_]+\1/i, `CREATE TABLE "${copy}"`);
      await sql.raw(created).execute(trx);
      await sql`INSERT INTO ${sql.table(copy)} SELECT * FROM ${sql.table(table)}`.execute(trx);
      await sql`DROP TABLE ${sql.table(table)}`.execute(trx);
      await sql`ALTER TABLE ${sql.table(copy)} RENAME TO ${sql.table(table)}`.execute(trx);
      for (const row of schema.rows.filter((r) => r.type === "index" || r.type === "trigger")) await sql.raw(row.sql).execute(trx);
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`${table}: ${broken.rows.length} rows break a foreign key after the rebuild`);
    });
  } finally {
    await sql.raw(`PRAGMA legacy_alter_table = ${legacyRename ? "ON" : "OFF"}`).execute(db);
    await sql.raw(`PRAGMA foreign_keys = ${foreignKeys ? "ON" : "OFF"}`).execute(db);
  }
}

/**
 * A table that can only grow: UPDATE and DELETE are refused by the database itself, whatever code
 * (or a hand-typed statement) asks. The audit trail uses it. The one place where SQLite and
 * PostgreSQL need different SQL for it.
 */
const isPostgres = (db: Kysely<any>) => engineOf(db) === "postgres";

export async function createAppendOnlyGuard(db: Kysely<any>, table: string): Promise<void> {
  const t = sql.table(table);
  if (!isPostgres(db)) {
    for (const verb of ["UPDATE", "DELETE"] as const) {
      const name = sql.ref(`${table}_no_${verb.toLowerCase()}`);
      await sql`CREATE TRIGGER ${name} BEFORE ${sql.raw(verb)} ON ${t} BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
    }
    return;
  }
  const fn = sql.ref(`${table}_append_only`);
  await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$`.execute(db);
  await sql`CREATE TRIGGER ${sql.ref(`${table}_no_change`)} BEFORE UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
  await sql`CREATE TRIGGER ${sql.ref(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
}

export async function dropAppendOnlyGuard(db: Kysely<any>, table: string): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(`${table}_no_update`)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.ref(`${table}_no_delete`)}`.execute(db);
    return;
  }
  await sql`DROP FUNCTION IF EXISTS ${sql.ref(`${table}_append_only`)}() CASCADE`.execute(db);
}

/**
 * SQLite's `INSERT OR REPLACE` (`REPLACE INTO`, or an explicit rowid) deletes the row it conflicts
 * with without firing DELETE triggers (unless `recursive_triggers` is on), so it could rewrite an
 * entry past the guard above (decision 150). A BEFORE INSERT trigger refuses any insert whose id or
 * rowid is taken, whatever its conflict clause (`ON CONFLICT … DO UPDATE` included). PostgreSQL has no
 * REPLACE, and its `ON CONFLICT … DO UPDATE` fires the row UPDATE trigger above: nothing to add there.
 */
export async function createReplaceGuard(db: Kysely<any>, table: string, key = "id"): Promise<void> {
  if (isPostgres(db)) return;
  const t = sql.table(table);
  const k = sql.ref(key);
  await sql`CREATE TRIGGER ${sql.ref(`${table}_no_replace`)} BEFORE INSERT ON ${t}
WHEN EXISTS (SELECT 1 FROM ${t} WHERE ${k} = NEW.${k}) OR EXISTS (SELECT 1 FROM ${t} WHERE rowid = NEW.rowid)
BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
}

export async function dropReplaceGuard(db: Kysely<any>, table: string): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS ${sql.ref(`${table}_no_replace`)}`.execute(db);
}
