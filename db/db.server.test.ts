import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "./db.server";

describe("database", () => {
  it("runs every migration and uses WAL with foreign keys on", async () => {
    const db = await getDb();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual(
      expect.arrayContaining(["admins", "codes", "contacts", "refresh_tokens", "scans"]),
    );
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
  });
});
