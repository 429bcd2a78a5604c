import { open, type FileHandle } from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { env } from "~/lib/env.server";
import { commitThenFlush } from "./commit.server";
import { getConnection, getDb } from "./db.server";
import { flushWal } from "./dialects.server";
import type { Database } from "./schema";

// Runs on SQLite (`npm test`) and on PostgreSQL (`npm run test:postgres`).
const engine = env().DATABASE_ENGINE;

const synchronous = async (db: Kysely<Database>) => Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous);

async function settingValue(key: string): Promise<string | undefined> {
  const row = await (await getDb()).selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

describe("commitThenFlush", () => {
  it("commits the work, answers its value, and is durable once `durable` resolves", async () => {
    const { value, durable } = await commitThenFlush(async (trx) => {
      await trx.insertInto("app_settings").values({ key: "commit-test-1", value: "kept", updated_at: new Date().toISOString() }).execute();
      return 42;
    });
    expect(value).toBe(42);
    await durable;
    expect(await settingValue("commit-test-1")).toBe("kept");
  });

  it("rolls the work back when it throws, and nothing is flushed", async () => {
    await expect(
      commitThenFlush(async (trx) => {
        await trx.insertInto("app_settings").values({ key: "commit-test-2", value: "lost", updated_at: new Date().toISOString() }).execute();
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await settingValue("commit-test-2")).toBeUndefined();
  });

  it.runIf(engine === "sqlite")("sqlite: only its own commit skips the in-statement flush; the log is flushed with fsync after", async () => {
    const connection = await getConnection();
    if (connection.engine !== "sqlite") throw new Error("not SQLite");
    const db = connection.db;
    expect(await synchronous(db)).toBe(2);
    const probe = await open(`${connection.sqlite.name}-wal`, "r");
    const sync = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, "sync");
    await probe.close();
    let concurrent: Promise<number> | undefined;
    let inside = -1;
    const { durable } = await commitThenFlush(async (trx) => {
      inside = await synchronous(trx);
      // Anything else asks for the connection meanwhile: it waits, and then runs under FULL.
      concurrent = synchronous(db);
      await trx.insertInto("app_settings").values({ key: "commit-test-3", value: "flushed", updated_at: new Date().toISOString() }).execute();
    });
    expect(inside).toBe(1); // NORMAL, for this transaction alone
    expect(await concurrent).toBe(2);
    expect(await synchronous(db)).toBe(2);
    await durable;
    expect(sync).toHaveBeenCalled();
    sync.mockRestore();
  });

  it.runIf(engine === "sqlite")("sqlite: flushes asked for while one runs share the next one, which starts after it", async () => {
    const connection = await getConnection();
    if (connection.engine !== "sqlite") throw new Error("not SQLite");
    await flushWal(connection.sqlite);
    const probe = await open(`${connection.sqlite.name}-wal`, "r");
    const proto = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const real = proto.sync;
    const events: string[] = [];
    let running = 0;
    const sync = vi.spyOn(proto, "sync").mockImplementation(async function (this: FileHandle) {
      const n = ++running;
      events.push(`start ${n}`);
      await real.call(this);
      events.push(`end ${n}`);
    });
    try {
      const first = flushWal(connection.sqlite).then(() => events.push("first answered"));
      // Five commits while the first flush runs: one more flush for all of them, after the first.
      const later = Array.from({ length: 5 }, (_, i) => flushWal(connection.sqlite).then(() => events.push(`later ${i} answered`)));
      await Promise.all([first, ...later]);
      expect(sync).toHaveBeenCalledTimes(2);
      expect(events.slice(0, 4)).toEqual(["start 1", "end 1", "first answered", "start 2"]);
      expect(events.indexOf("end 2")).toBeLessThan(events.indexOf("later 0 answered"));
      // Nothing running any more: the next one flushes at once.
      await flushWal(connection.sqlite);
      expect(sync).toHaveBeenCalledTimes(3);
    } finally {
      sync.mockRestore();
    }
  });
});
