import { statSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { env } from "~/platform/lib/env.server";
import { getConnection, getDb, pendingMigrations, readiness } from "./db.server";
import { engineOf } from "./portable";

// The same suite runs on SQLite (`npm test`) and on PostgreSQL (`npm run test:postgres`); the engine
// checks below each assert what that engine must look like.
const engine = env().DATABASE_ENGINE;

describe("database", () => {
  it("runs every migration and is ready", async () => {
    const db = await getDb();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual(
      expect.arrayContaining(["admins", "code_counts", "codes", "contacts", "rate_limits", "refresh_tokens", "scans"]),
    );
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await readiness()).toEqual({ ready: true });
    expect(engineOf(db)).toBe(engine);
  });

  it(`${engine}: the engine's own settings`, async () => {
    if (engine === "sqlite") await sqliteSettings();
    else await postgresSettings();
  });
});

/** WAL, durable commits, foreign keys on, owner-only files. */
async function sqliteSettings() {
  const connection = await getConnection();
  if (connection.engine !== "sqlite") throw new Error("not SQLite");
  const db = connection.db;
  const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
  expect(mode.rows[0]?.journal_mode).toBe("wal");
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  expect(fk.rows[0]?.foreign_keys).toBe(1);
  const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  expect(sync.rows[0]?.synchronous).toBe(2); // FULL
  const path = env().DATABASE_PATH!;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    expect((statSync(file).mode & 0o777).toString(8), file).toBe("600");
  }
}

/** Counts kept by deferred constraint triggers; the limiter's expiry in bigint. */
async function postgresSettings() {
  const db = await getDb();
  const triggers = await sql<{ tgname: string; tgdeferrable: boolean; tginitdeferred: boolean }>`
    select tgname, tgdeferrable, tginitdeferred from pg_trigger where tgrelid = 'codes'::regclass and not tgisinternal order by tgname`.execute(db);
  expect(triggers.rows).toEqual([
    // Print runs' counts (migrations/2026-11-23_10_print_runs_and_sealed_codes.ts), deferred to commit like the global counts.
    { tgname: "codes_batch_count_delete", tgdeferrable: true, tginitdeferred: true },
    { tgname: "codes_batch_count_insert", tgdeferrable: true, tginitdeferred: true },
    { tgname: "codes_batch_count_update", tgdeferrable: true, tginitdeferred: true },
    { tgname: "codes_count_delete", tgdeferrable: true, tginitdeferred: true },
    { tgname: "codes_count_insert", tgdeferrable: true, tginitdeferred: true },
    { tgname: "codes_count_update", tgdeferrable: true, tginitdeferred: true },
  ]);
  const expire = await sql<{ data_type: string }>`
    select data_type from information_schema.columns where table_name = 'rate_limits' and column_name = 'expire'`.execute(db);
  expect(expire.rows[0]?.data_type).toBe("bigint");
}
