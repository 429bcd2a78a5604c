import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backupDatabase, integrityCheck, listBackups, markRunning, restoreDatabase, runningServers } from "./backup.mjs";
import { createDb, migrateToLatest, openSqlite } from "./db.server";

// Real SQLite files in a temporary folder: the product's migrations, real rows, the real backup.

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

async function database(rows: number) {
  const dir = mkdtempSync(join(tmpdir(), "backup-test-"));
  folders.push(dir);
  const path = join(dir, "data", "app.db");
  const connection = createDb(`file:${path}`);
  await migrateToLatest(connection.db);
  for (let i = 0; i < rows; i++) {
    await connection.db
      .insertInto("contacts")
      .values({ id: `c${i}`, name: "n", phone_number: "+20 100 000 0000", message: `m${i}`, created_at: new Date().toISOString() })
      .execute();
  }
  await connection.db.destroy();
  return { dir, path, dataDir: join(dir, "data"), backups: join(dir, "data", "backups") };
}

const count = (path: string) => {
  const db = openSqlite(path, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM contacts").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("backup", () => {
  it("writes a checked, owner-only copy with a timestamped name, and keeps the newest BACKUP_KEEP", async () => {
    const { path, backups } = await database(25);
    const first = backupDatabase({ databasePath: path, dir: backups, keep: 2, now: new Date("2026-11-20T01:00:00.000Z") });
    expect(first.file).toBe(join(backups, "app-20261120T010000000Z.db"));
    expect(first.integrity).toBe("ok");
    expect(count(first.file)).toBe(25);
    expect((statSync(first.file).mode & 0o777).toString(8)).toBe("600");
    expect((statSync(backups).mode & 0o777).toString(8)).toBe("700");
    backupDatabase({ databasePath: path, dir: backups, keep: 2, now: new Date("2026-11-21T01:00:00.000Z") });
    const third = backupDatabase({ databasePath: path, dir: backups, keep: 2, now: new Date("2026-11-22T01:00:00.000Z") });
    expect(third.removed).toEqual(["app-20261120T010000000Z.db"]);
    expect(listBackups(path, backups).map((f) => f.split("/").pop())).toEqual(["app-20261122T010000000Z.db", "app-20261121T010000000Z.db"]);
    expect(readdirSync(backups).filter((n) => n.endsWith(".partial"))).toEqual([]);
  });

  it("integrity_check tells a damaged file", async () => {
    const { dir } = await database(0);
    const bad = join(dir, "garbage.db");
    writeFileSync(bad, Buffer.alloc(8192, 7));
    expect(integrityCheck(bad)).toMatch(/not a readable SQLite database|malformed/);
  });
});

describe("restore", () => {
  it("puts a backup in place of the database and keeps the previous one aside", async () => {
    const { path, backups, dataDir } = await database(10);
    const { file } = backupDatabase({ databasePath: path, dir: backups, keep: 5 });
    // Later writes that the restore must roll back.
    const later = createDb(`file:${path}`);
    await later.db.deleteFrom("contacts").execute();
    await later.db.destroy();
    expect(count(path)).toBe(0);

    const result = restoreDatabase({ file, databasePath: path, dataDir });
    expect(count(path)).toBe(10);
    expect(result.previous && existsSync(result.previous)).toBe(true);
    expect(count(result.previous!)).toBe(0);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect((statSync(path).mode & 0o777).toString(8)).toBe("600");
    expect(integrityCheck(path)).toBe("ok");
  });

  it("refuses while a server runs on the data folder, a damaged file, and a foreign database", async () => {
    const { path, backups, dataDir, dir } = await database(3);
    const { file } = backupDatabase({ databasePath: path, dir: backups, keep: 5 });
    const sleeper = spawn("sleep", ["30"]);
    const unmark = markRunning(dataDir, sleeper.pid);
    try {
      expect(runningServers(dataDir)).toEqual([sleeper.pid]);
      expect(() => restoreDatabase({ file, databasePath: path, dataDir })).toThrow(/a server is running on .* \(pid \d+\): stop it first/);
    } finally {
      sleeper.kill();
      unmark();
    }
    const bad = join(dir, "bad.db");
    writeFileSync(bad, "not a database at all, but long enough to look like a file");
    expect(() => restoreDatabase({ file: bad, databasePath: path, dataDir })).toThrow(/failed its integrity check/);
    const foreign = join(dir, "foreign.db");
    const other = openSqlite(foreign);
    other.exec("CREATE TABLE t (x)");
    other.close();
    expect(() => restoreDatabase({ file: foreign, databasePath: path, dataDir })).toThrow(/not a backup of this application's database/);
    expect(count(path)).toBe(3);
  });

  it("forgets the marks of servers that were killed", async () => {
    const { dataDir } = await database(0);
    const gone = spawn("true");
    await new Promise((r) => gone.once("exit", r));
    markRunning(dataDir, gone.pid);
    expect(runningServers(dataDir)).toEqual([]);
    expect(readdirSync(join(dataDir, "running"))).toEqual([]);
  });
});
