import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from "kysely";
import { migrations } from "@migrations/index";
import { env } from "~/lib/env.server";
import { checkCodesKey } from "./codes-key";
import { flushOldPages } from "./print-runs";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Opens a SQLite file with the settings every connection of this product uses. */
export function openSqlite(path: string): SQLite.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  // A write a user was told succeeded survives a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Deleted content is overwritten, so a code sealed in place leaves no plain text behind (decision 081).
  sqlite.pragma("secure_delete = ON");
  return sqlite;
}

export function createDb(path: string): { db: DB; sqlite: SQLite.Database } {
  const sqlite = openSqlite(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

/** Runs every pending migration; each runs in a transaction. Throws one readable line on failure. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Feature branches add migrations side by side; a database that already ran a later-named one still
  // takes an earlier-named newcomer (each is independent of the others of its day).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed} failed: ${reason}`);
  }
  if (results?.some((r) => r.status === "Success")) await flushOldPages(db);
}

let instance: { db: DB; sqlite: SQLite.Database; ready: Promise<void> } | undefined;

function open() {
  if (!instance) {
    const { db, sqlite } = createDb(env().DATABASE_PATH);
    instance = { db, sqlite, ready: migrateToLatest(db).then(() => checkCodesKey(db)) };
  }
  return instance;
}

/** The one Kysely instance of this process, migrated before first use. */
export async function getDb(): Promise<DB> {
  const { db, ready } = open();
  await ready;
  return db;
}

/** The raw better-sqlite3 handle, for libraries that need it (the rate limiter's store). */
export async function getSqlite(): Promise<SQLite.Database> {
  const { sqlite, ready } = open();
  await ready;
  return sqlite;
}

/** Opens and migrates the database now (server start-up), so a broken database stops the start. */
export async function initDb(): Promise<void> {
  await open().ready;
}

export async function closeDb(): Promise<void> {
  if (!instance) return;
  const current = instance;
  instance = undefined;
  await current.db.destroy();
}
