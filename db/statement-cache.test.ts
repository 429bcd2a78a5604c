import SQLite from "better-sqlite3";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./dialects.server";

describe("withStatementCache", () => {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table t (n integer); insert into t values (1), (2), (3)");

  it("hands out one prepared statement per text", () => {
    const db = withStatementCache(sqlite);
    const a = db.prepare("select n from t where n > ?");
    expect(db.prepare("select n from t where n > ?")).toBe(a);
    expect((a as SQLite.Statement).all(1)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare("select n from t")).not.toBe(a);
  });

  it("never hands out a statement that is still being iterated", () => {
    const db = withStatementCache(sqlite);
    const text = "select n from t order by n";
    const first = db.prepare(text) as SQLite.Statement;
    const rows = first.iterate();
    rows.next();
    const second = db.prepare(text) as SQLite.Statement;
    expect(second).not.toBe(first);
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare(text)).toBe(first);
  });

  it("keeps at most `size` texts, the least recently used out first", () => {
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare("select 1");
    const two = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(one);
    db.prepare("select 3");
    expect(db.prepare("select 1")).toBe(one);
    expect(db.prepare("select 2")).not.toBe(two);
  });

  it("serves the rate limiter: its upsert is prepared once, not on every check, and still counts", async () => {
    const limited = new SQLite(":memory:");
    limited.exec("create table rate_limits (key text primary key, points integer not null default 0, expire integer)");
    const prepare = vi.spyOn(limited, "prepare");
    const limiter = new RateLimiterSQLite({ storeClient: withStatementCache(limited), storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, points: 3, duration: 60 });
    for (let i = 0; i < 3; i++) await limiter.consume("client");
    await expect(limiter.consume("client")).rejects.toMatchObject({ remainingPoints: 0 });
    const upserts = prepare.mock.calls.filter(([text]) => /insert/i.test(text));
    expect(upserts).toHaveLength(1);
  });
});
