import type SQLite from "better-sqlite3";
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { engineOf } from "./portable";
import { checkCodesKey } from "./codes-key";
import { closeWal, connect, observeWriteLock, openSqlite, type Connection, type DB } from "./dialects.server";

export type { DB, Connection };
export { openSqlite, observeWriteLock };

/**
 * What this module needs from the process that opens its database, given once before the first open
 * (`configureDb`): db/ reads no environment and imports no code above it, and migrations/ sits above
 * db/ (it uses db/'s engine helpers). Every start gives them the same way, with
 * `dbSettings(migrations)` of app/platform/database/settings.server.ts (app/runtime.server.ts for the
 * server, tests/vitest.setup.ts for the unit tests, each script that opens a database for itself).
 */
export type DbSettings = {
  /** The build's migrations (`migrations` of migrations/index.ts). */
  migrations: Record<string, Migration>;
  /** DATABASE_URL and DATABASE_POOL_SIZE, read when the process's database first opens. */
  connection: () => { url: string; poolSize: number };
  /**
   * The codes key's fingerprint (decision 081): a start with another key than the one this
   * database's codes were sealed with stops (`checkCodesKey`).
   */
  codesKeyFingerprint: () => string;
};

let settings: DbSettings | undefined;

export function configureDb(given: DbSettings): void {
  settings = given;
}

function configured(): DbSettings {
  if (!settings) throw new Error("The database is not configured: call configureDb(dbSettings(migrations)) before opening it");
  return settings;
}

const provider: MigrationProvider = {
  getMigrations: async () => configured().migrations,
};

/** Opens a database by URL (file: or postgres://) with this product's settings; nothing is migrated. */
export function createDb(url: string, options: { poolSize?: number } = {}): Connection {
  return connect(url, options);
}

// Feature branches add migrations side by side; a database that already ran a later-named one still
// takes an earlier-named newcomer (each is independent of the others of its day).
const migrator = (db: Kysely<any>) => new Migrator({ db, provider, allowUnorderedMigrations: true });

/** Runs every pending migration; each runs in a transaction. Throws one readable line on failure. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed} failed: ${reason.split("\n")[0]}`);
  }
  if (results?.some((r) => r.status === "Success")) await flushOldPages(db);
}

/**
 * After codes were sealed in place, nothing of their old plain text may stay in the files: SQLite
 * zeroes deleted content (`secure_delete`, set on every connection in dialects.server.ts), and the WAL,
 * which still holds the pages as they were before, is checkpointed into the database and truncated.
 * Nothing to do on PostgreSQL (its own storage is the operator's concern).
 */
async function flushOldPages(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

/** Names of the migrations this build knows that the database has not run yet. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((m) => !m.executedAt).map((m) => m.name);
}

type Instance = { connection: Connection; ready: Promise<void> };
let instance: Instance | undefined;
let migrateOnOpen = true;

function open(): Instance {
  if (!instance) {
    const { connection: target, codesKeyFingerprint } = configured();
    const { url, poolSize } = target();
    const connection = connect(url, { poolSize });
    instance = {
      connection,
      // A start with another codes key than the one the codes were sealed with stops here (decision 081).
      ready: (migrateOnOpen ? migrateToLatest(connection.db) : assertMigrated(connection.db)).then(() => checkCodesKey(connection.db, codesKeyFingerprint())),
    };
    // A failed open is retried by the next caller (a database that was briefly unreachable).
    const current = instance;
    current.ready.catch(() => {
      if (instance === current) instance = undefined;
      void current.connection.db.destroy().catch(() => {});
    });
  }
  return instance;
}

async function assertMigrated(db: Kysely<any>): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length) throw new Error(`Database is not migrated (pending: ${pending.join(", ")})`);
}

/** The one Kysely instance of this process, migrated before first use. */
export async function getDb(): Promise<DB> {
  const { connection, ready } = open();
  await ready;
  return connection.db;
}

/** The engine and its raw handle (the rate limiter's store needs the driver's own client). */
export async function getConnection(): Promise<Connection> {
  const { connection, ready } = open();
  await ready;
  return connection;
}

/** The raw better-sqlite3 handle; only on SQLite (tests that read SQLite's query plans). */
export async function getSqlite(): Promise<SQLite.Database> {
  const connection = await getConnection();
  if (connection.engine !== "sqlite") throw new Error("getSqlite() on a PostgreSQL database");
  return connection.sqlite;
}

/**
 * Opens the database now (server start-up), so a broken database stops the start. `migrate: false`
 * is for cluster workers: the primary has migrated before starting them, and a worker only checks.
 */
export async function initDb(options: { migrate?: boolean } = {}): Promise<void> {
  if (!instance) migrateOnOpen = options.migrate ?? true;
  await open().ready;
}

export type Readiness = { ready: true } | { ready: false; reason: "database" | "migrations" };

let migratedSeen = false;

/**
 * `/readyz`: the database answers and every migration of this build has run. Migrations never
 * un-run, so once they were all seen only the round trip is checked.
 */
export async function readiness(): Promise<Readiness> {
  try {
    const { connection } = open();
    await sql`select 1`.execute(connection.db);
    if (!migratedSeen) migratedSeen = (await pendingMigrations(connection.db)).length === 0;
    return migratedSeen ? { ready: true } : { ready: false, reason: "migrations" };
  } catch {
    return { ready: false, reason: "database" };
  }
}

export async function closeDb(): Promise<void> {
  if (!instance) return;
  const current = instance;
  instance = undefined;
  await current.ready.catch(() => {});
  if (current.connection.engine === "sqlite") await closeWal(current.connection.sqlite);
  await current.connection.db.destroy();
}
