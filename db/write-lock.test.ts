import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { connect, openSqlite, writeLock } from "./dialects.server";

// Two connections to one file lock each other as two worker processes do.
const dir = mkdtempSync(join(tmpdir(), "write-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("writeLock: BEGIN IMMEDIATE without holding the event loop", () => {
  it("waits for another connection's write lock on timers, then takes it", async () => {
    const path = join(dir, "raw.db");
    const holder = openSqlite(path);
    const waiter = openSqlite(path);
    holder.exec("create table t (n integer)");
    holder.exec("begin immediate");

    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const started = performance.now();
    let taken = 0;
    const begin = writeLock(waiter)().then(() => (taken = performance.now() - started));
    await sleep(100);
    // The lock is still held: the waiter has not taken it, and the event loop ran meanwhile (SQLite's
    // own handler would have held it for the whole 5 s: no tick at all). A busy machine fires fewer.
    expect(taken).toBe(0);
    expect(ticks).toBeGreaterThanOrEqual(5);
    // Other work on the waiting handle keeps SQLite's own wait (5 s), not the no-wait try's 0.
    expect(waiter.pragma("busy_timeout", { simple: true })).toBe(5000);

    holder.exec("insert into t values (1); commit");
    await begin;
    clearInterval(ticker);
    expect(taken).toBeGreaterThanOrEqual(100);
    expect(taken).toBeLessThan(1000);
    waiter.exec("insert into t values (2); commit");
    expect(holder.prepare("select count(*) as n from t").get()).toEqual({ n: 2 });
    expect(waiter.pragma("busy_timeout", { simple: true })).toBe(5000);
    holder.close();
    waiter.close();
  });

  it("takes a free lock at once, and other errors still fail the transaction", async () => {
    const sqlite = openSqlite(join(dir, "free.db"));
    const begin = writeLock(sqlite);
    await begin();
    expect(sqlite.inTransaction).toBe(true);
    // BEGIN inside a transaction is an error of its own, not a busy lock: it is not retried.
    await expect(begin()).rejects.toThrow(/within a transaction/);
    sqlite.exec("rollback");
    sqlite.close();
  });

  it("Kysely's transactions on two connections to one file wait for each other and both commit", async () => {
    const url = `file:${join(dir, "kysely.db")}`;
    const a = connect(url);
    const b = connect(url);
    await sql`create table t (n integer)`.execute(a.db);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = a.db.transaction().execute(async (trx) => {
      await sql`insert into t values (1)`.execute(trx);
      await held;
    });
    await sleep(10);
    let secondDone = false;
    const second = b.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (2)`.execute(trx);
      })
      .then(() => (secondDone = true));
    await sleep(50);
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(a.db);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    await a.db.destroy();
    await b.db.destroy();
  });
});
