import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { env } from "~/platform/lib/env.server";
import { COPIED_TABLES, copyDatabase } from "./copy";
import { createDb, migrateToLatest } from "./db.server";

// From a real SQLite file into this run's engine: another SQLite file under `npm test`, the fresh
// PostgreSQL database of this test file under `npm run test:postgres`.

const dir = mkdtempSync(join(tmpdir(), "copy-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const target = () => (env().DATABASE_ENGINE === "postgres" ? env().DATABASE_URL : `file:${join(dir, "target.db")}`);

async function seededSource() {
  const url = `file:${join(dir, "source.db")}`;
  const { db } = createDb(url);
  await migrateToLatest(db);
  const now = "2026-11-21T10:00:00.000Z";
  // A print run whose counts the source's triggers keep; the target's triggers rebuild them.
  await db.insertInto("batches").values({ id: "b1", product_id: "p1", lot: "LOT-٣", quantity: 100, status: "active", created_by: "owner", created_at: now, active_count: 0, used_count: 0, expired_count: 0, revoked_count: 0 }).execute();
  const codes = Array.from({ length: 1234 }, (_, i) => ({
    id: `code-${String(i).padStart(5, "0")}`,
    // Sealed columns as stored (decision 081); the copy moves them byte for byte.
    code_hash: `hash-${String(i).padStart(6, "0")}`,
    code_enc: `1.sealed-${String(i).padStart(6, "0")}`,
    batch_id: i < 100 ? "b1" : null,
    serial: i < 100 ? i + 1 : null,
    product_id: "p1",
    status: (["active", "expired", "revoked"] as const)[i % 3]!,
    created_at: now,
    expired_at: i % 3 === 0 ? null : now,
    verified_at: i % 3 === 1 ? now : null,
  }));
  for (let i = 0; i < codes.length; i += 200) await db.insertInto("codes").values(codes.slice(i, i + 200)).execute();
  await db
    .insertInto("scans")
    .values(
      Array.from({ length: 700 }, (_, i) => ({
        id: `scan-${String(i).padStart(5, "0")}`,
        created_at: now,
        input: `CP${String(i).padStart(6, "0")}`,
        code_id: `code-${String(i).padStart(5, "0")}`,
        outcome: "used" as const,
        product_id: "p1",
        verified_at: now,
        lang: i % 2 ? "ar" : "en",
        client_hash: "h",
        user_agent: "ua «ثابت»",
      })),
    )
    .execute();
  await db.insertInto("contacts").values({ id: "c1", name: "سارة", phone_number: "+971 50 123 4567", message: "line 1\nline 2 — ✓", created_at: now }).execute();
  await db.insertInto("admins").values({ id: "a1", username: "owner", password_hash: "$argon2id$v=19$m=65536,t=3,p=4$x$y", created_at: now, updated_at: now, role: "owner", must_change_password: 0 }).execute();
  await db
    .insertInto("refresh_tokens")
    .values({ id: "r1", family_id: "f1", admin_id: "a1", created_at: now, expires_at: now, rotated_at: null, replaced_by: null, revoked_at: null })
    .execute();
  await db.insertInto("rate_limits").values({ key: "verify:abc", points: 3, expire: 1_893_456_000_000 }).execute();
  await db.destroy();
  return url;
}

describe("db:copy", () => {
  it("copies every table, row counts and trigger-kept counts equal, values intact", { timeout: 60_000 }, async () => {
    const from = await seededSource();
    const lines: string[] = [];
    const result = await copyDatabase(from, target(), (line) => lines.push(line));
    const byTable = Object.fromEntries(result.tables.map((t) => [t.table, t]));
    expect(byTable.codes).toEqual({ table: "codes", source: 1234, target: 1234 });
    expect(byTable.scans!.target).toBe(700);
    expect(byTable["code_counts[active]"]).toEqual({ table: "code_counts[active]", source: 412, target: 412 });
    expect(byTable["code_counts[revoked]"]!.target).toBe(411);
    expect(byTable["batches.active_count (sum)"]).toEqual({ table: "batches.active_count (sum)", source: 34, target: 34 });
    expect(lines.length).toBe(COPIED_TABLES.length);

    const { db } = createDb(target());
    try {
      const contact = await db.selectFrom("contacts").selectAll().executeTakeFirstOrThrow();
      expect(contact).toMatchObject({ name: "سارة", message: "line 1\nline 2 — ✓" });
      const limit = await db.selectFrom("rate_limits").selectAll().executeTakeFirstOrThrow();
      expect(Number(limit.expire)).toBe(1_893_456_000_000);
      const code = await db.selectFrom("codes").selectAll().where("id", "=", "code-00001").executeTakeFirstOrThrow();
      expect(code).toMatchObject({ status: "expired", verified_at: "2026-11-21T10:00:00.000Z", expired_at: "2026-11-21T10:00:00.000Z" });
      // The copy works as a database: the triggers keep counting after it.
      await db.updateTable("codes").set({ status: "expired" }).where("id", "=", "code-00000").execute();
      const counts = await db.selectFrom("code_counts").select(["status", "n"]).where("status", "=", "active").executeTakeFirstOrThrow();
      expect(Number(counts.n)).toBe(411);
    } finally {
      await db.destroy();
    }

    // A second copy into the same (no longer empty) target is refused and changes nothing.
    await expect(copyDatabase(from, target())).rejects.toThrow(/the target already holds data \(1 rows in batches\)/);
  });

  it("refuses a source with tables it does not know", async () => {
    const url = `file:${join(dir, "odd.db")}`;
    const { db } = createDb(url);
    await migrateToLatest(db);
    await sql`CREATE TABLE surprise (x text)`.execute(db);
    await db.destroy();
    await expect(copyDatabase(url, `file:${join(dir, "odd-target.db")}`)).rejects.toThrow(/tables this copy does not know \(surprise\)/);
  });
});
