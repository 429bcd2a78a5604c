import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { open as openFile, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { parseDatabaseUrl } from "./database-url";

/**
 * The two engines behind one `Kysely<Database>`. Everything that differs between SQLite and
 * PostgreSQL at the connection level lives here; SQL that differs lives in `portable.ts`.
 */

export type DB = Kysely<Database>;

export type Connection =
  | { engine: "sqlite"; db: DB; sqlite: SQLite.Database; statements: CachedSqlite }
  | { engine: "postgres"; db: DB; pool: pg.Pool };

export type ConnectOptions = {
  /** PostgreSQL: connections in this process's pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
};

/** How long a write waits for another process's write lock before it fails (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** Owner-only: the database, its WAL and shared-memory files. Best effort on files we do not own. */
function restrictFile(path: string): void {
  try {
    if (existsSync(path)) chmodSync(path, FILE_MODE);
  } catch {
    /* not ours to change (a read-only mount, another owner): SQLite still opens it */
  }
}

/** Creates the database's folder (0700) and file (0600) when missing, and tightens existing files. */
export function prepareSqliteFile(path: string): void {
  if (path === ":memory:" || path === "") return;
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (!existsSync(path)) closeSync(openSync(path, "a", FILE_MODE));
  for (const suffix of ["", "-wal", "-shm"]) restrictFile(path + suffix);
}

/** Opens a SQLite file with the settings every connection of this product uses. */
export function openSqlite(path: string, options: { readonly?: boolean } = {}): SQLite.Database {
  if (!options.readonly) prepareSqliteFile(path);
  const sqlite = new SQLite(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  if (!options.readonly) sqlite.pragma("journal_mode = WAL");
  // A write a user was told succeeded survives a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Deleted content is overwritten, so a code sealed in place leaves no plain text behind (decision 081).
  sqlite.pragma("secure_delete = ON");
  // The WAL and shared-memory files exist now: same owner-only mode as the database.
  if (!options.readonly && path !== ":memory:") for (const suffix of ["-wal", "-shm"]) restrictFile(path + suffix);
  return sqlite;
}

/** The write-ahead log's file of each open database, opened once (read-only is enough to fsync it). */
const walFiles = new WeakMap<SQLite.Database, Promise<FileHandle>>();

/** Each database's flush of its log under way, and the one that will follow it. */
type Flushing = { running: Promise<void>; next: Promise<void> | null };
const flushing = new WeakMap<SQLite.Database, Flushing>();

/**
 * Flushes a database's write-ahead log to disk on libuv's thread pool (see commit.server.ts): resolves
 * once everything committed before the call is on disk. While a flush runs, it may have begun before
 * this caller's commit, so the caller gets the next one; every commit made meanwhile shares that next
 * flush. An `fsync` costs the kernel about as much CPU as a check's whole transaction, and checks that
 * commit in quick succession needed one each (decision 175). The log exists while a connection is open
 * in WAL mode; a failure to open it is not kept, so the next flush tries again.
 */
export function flushWal(sqlite: SQLite.Database): Promise<void> {
  if (sqlite.memory) return Promise.resolve();
  const current = flushing.get(sqlite);
  if (!current) return startFlush(sqlite);
  current.next ??= current.running.catch(() => {}).then(() => startFlush(sqlite));
  return current.next;
}

function startFlush(sqlite: SQLite.Database): Promise<void> {
  const state: Flushing = { running: syncWal(sqlite), next: null };
  flushing.set(sqlite, state);
  const settled = () => {
    if (flushing.get(sqlite) === state && state.next === null) flushing.delete(sqlite);
  };
  state.running.then(settled, settled);
  return state.running;
}

async function syncWal(sqlite: SQLite.Database): Promise<void> {
  let file = walFiles.get(sqlite);
  if (!file) {
    file = openFile(`${sqlite.name}-wal`, "r");
    walFiles.set(sqlite, file);
    file.catch(() => walFiles.delete(sqlite));
  }
  await (await file).sync();
}

/** Closes the log's file handle kept by `flushWal` (before the database closes). */
export async function closeWal(sqlite: SQLite.Database): Promise<void> {
  const file = walFiles.get(sqlite);
  walFiles.delete(sqlite);
  await (await file?.catch(() => null))?.close();
}

/** Hears how long each write transaction waited for the lock (seconds; 0 when it was free): metrics (decision 158). */
let writeLockObserver: ((waitedSeconds: number) => void) | undefined;

export function observeWriteLock(observer: ((waitedSeconds: number) => void) | undefined): void {
  writeLockObserver = observer;
}

/**
 * SQLite's default `BEGIN` is deferred: a transaction that reads first and writes later fails at
 * once with SQLITE_BUSY_SNAPSHOT when another process (a second worker) committed in between,
 * without waiting for busy_timeout. `BEGIN IMMEDIATE` takes the write lock up front and waits for it,
 * so read-then-write transactions (refresh-token rotation, account changes) behave across processes
 * as they do inside one.
 *
 * The wait itself is not SQLite's: its busy handler sleeps on the calling thread, the event loop, in
 * steps of 1 to 100 ms until the lock is free, so a worker whose neighbour was committing stopped
 * serving anyone (the shopper's check with two workers: p99 near 300 ms). Here each try takes the
 * lock only if it is free (busy_timeout 0 for that one statement, on the raw handle, so nothing else
 * runs in between), and the wait between tries is a timer: the process goes on serving requests and
 * queueing the next checks while the other one writes. After BUSY_TIMEOUT_MS the last try waits as
 * SQLite does, so a transaction still fails only when the lock stayed held that long.
 */
export function writeLock(sqlite: SQLite.Database): () => Promise<void> {
  const begin = sqlite.prepare("begin immediate");
  const tryBegin = (): boolean => {
    // A pragma takes effect when it is prepared, not when it runs: `pragma()` prepares it each time.
    sqlite.pragma("busy_timeout = 0");
    try {
      begin.run();
      return true;
    } catch (error) {
      if (String((error as { code?: unknown }).code).startsWith("SQLITE_BUSY")) return false;
      throw error;
    } finally {
      sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  };
  return async () => {
    const started = performance.now();
    const giveUpAt = started + BUSY_TIMEOUT_MS;
    for (let attempt = 0; performance.now() < giveUpAt; attempt++) {
      if (tryBegin()) return writeLockObserver?.(attempt === 0 ? 0 : (performance.now() - started) / 1000);
      // A transaction holds the lock for a few milliseconds: look again soon, less often if it lasts.
      await new Promise((resolve) => setTimeout(resolve, Math.min(1 + (attempt >> 3), 10)));
    }
    begin.run();
    writeLockObserver?.((performance.now() - started) / 1000);
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #begin: () => Promise<void>;
  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#begin = writeLock(sqlite);
  }
  override async beginTransaction(_connection: DatabaseConnection): Promise<void> {
    // Kysely's one connection is this raw handle, held by this transaction (the driver's mutex).
    await this.#begin();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SQLite.Database;
  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config, this.#sqlite);
  }
}

/**
 * Kysely's SQLite driver prepares every statement it runs; preparing (parsing and planning) cost
 * about as much as running the shopper's check's statements (measured: `npm run bench:profile --
 * --verify`). The statements this product runs are a few hundred fixed texts, so each text keeps
 * its prepared statement, least recently used first out past `size`. A statement still being
 * iterated (a streamed read) is never handed out twice: a fresh one is prepared instead. Kysely and
 * the rate limiter (which prepares its upsert on every check) share it; `transaction` is the
 * handle's own.
 */
export type CachedSqlite = SqliteDatabase & { prepare(text: string): SQLite.Statement; transaction: SQLite.Database["transaction"] };

export function withStatementCache(sqlite: SQLite.Database, size = 500): CachedSqlite {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    transaction: (fn) => sqlite.transaction(fn),
    prepare(text: string) {
      const kept = cache.get(text);
      if (kept && !kept.busy) {
        cache.delete(text);
        cache.set(text, kept);
        return kept;
      }
      const statement = sqlite.prepare(text);
      if (!kept) {
        cache.set(text, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

// PostgreSQL's int8 (count(*), bigint columns) arrives as a string by default; every count here fits
// a double, and the rate limiter's millisecond timestamps are bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function createPgPool(connectionString: string, poolSize = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A database that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: "lunara",
  });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  return pool;
}

/** One Kysely instance over the engine a DATABASE_URL names. Nothing is read or migrated yet. */
export function connect(url: string, options: ConnectOptions = {}): Connection {
  const target = parseDatabaseUrl(url);
  if (target.engine === "sqlite") {
    const sqlite = openSqlite(target.path);
    const statements = withStatementCache(sqlite);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements }, sqlite) });
    return { engine: "sqlite", db, sqlite, statements };
  }
  const pool = createPgPool(target.connectionString, options.poolSize);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { engine: "postgres", db, pool };
}
