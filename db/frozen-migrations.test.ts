import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrations } from "@migrations/index";

// Migrations import nothing outside migrations/ (decision 199): 2026-11-23_10 finds the codes key
// where env() would (CODES_KEY, else DATA_DIR/codes.key, DATA_DIR by default the SQLite file's folder).
const saved = { DATA_DIR: process.env.DATA_DIR, CODES_KEY: process.env.CODES_KEY };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function migrateFresh(file: string) {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-11-23_10_print_runs_and_sealed_codes")).error).toBeUndefined();
    return (await db.selectFrom("code_keys").select("fingerprint").execute()).map((row) => row.fingerprint);
  } finally {
    await db.destroy();
  }
}

describe("migration 2026-11-23_10's codes key", () => {
  it("is made beside the SQLite file when DATA_DIR is unset", async () => {
    const dir = mkdtempSync(join(tmpdir(), "frozen-"));
    delete process.env.DATA_DIR;
    delete process.env.CODES_KEY;
    expect(await migrateFresh(join(dir, "app.db"))).toHaveLength(1);
    expect(readFileSync(join(dir, "codes.key"), "utf8").trim().length).toBeGreaterThanOrEqual(32);
  });

  it("is made in DATA_DIR when it is set, and CODES_KEY wins over any file", async () => {
    const [dir, data] = [mkdtempSync(join(tmpdir(), "frozen-")), mkdtempSync(join(tmpdir(), "frozen-data-"))];
    process.env.DATA_DIR = data;
    delete process.env.CODES_KEY;
    const fromFile = await migrateFresh(join(dir, "a.db"));
    expect(existsSync(join(data, "codes.key"))).toBe(true);
    expect(existsSync(join(dir, "codes.key"))).toBe(false);
    expect(await migrateFresh(join(dir, "b.db"))).toEqual(fromFile);

    process.env.CODES_KEY = "k".repeat(40);
    const fromEnv = await migrateFresh(join(dir, "c.db"));
    expect(fromEnv).toHaveLength(1);
    expect(fromEnv).not.toEqual(fromFile);
  });
});
