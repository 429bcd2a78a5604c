import { sql, type Kysely } from "kysely";
import { engineOf } from "./portable";

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

/**
 * `SELECT … FOR UPDATE` on PostgreSQL, where two instances may read the same rows at once inside
 * their transactions; nothing on SQLite, whose writers already exclude each other. Used where a rule
 * reads rows before it writes (the last active owner).
 */
export function lockRowsOnPostgres(db: Kysely<any>) {
  const postgres = isPostgres(db);
  return <QB extends { forUpdate(): QB }>(qb: QB): QB => (postgres ? qb.forUpdate() : qb);
}
