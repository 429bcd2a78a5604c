import { Migrator, sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "@migrations/index";
import { getDb } from "./db.server";
import { engineOf } from "./portable";

const run = (id: string, label: string) => ({
  id,
  product_id: "p",
  lot: `LOT-${id}`,
  quantity: 1,
  label_kind: label,
  manufactured_on: null,
  best_before: null,
  market: null,
  note: null,
  status: "active",
  revoked_reason: null,
  revoked_note: null,
  revoked_at: null,
  revoked_by: null,
  created_by: "admin",
  created_at: new Date().toISOString(),
  active_count: 0,
  used_count: 0,
  expired_count: 0,
  revoked_count: 0,
});

const code = (id: string, batchId: string) => ({ id, code_hash: `h-${id}`, code_enc: "1.x", product_id: "p", batch_id: batchId, serial: 1, status: "active", created_at: new Date().toISOString(), expired_at: null, verified_at: null });

// Issue 41's migrations, on this run's engine (SQLite under `npm test`, PostgreSQL under `npm run
// test:postgres`): down and up again on a database that holds a run and its code, and what the rebuilt
// `batches` keeps (rows, index, the codes' foreign key and count triggers) and refuses.
describe("migrations 2026-12-06_50 and _51 (NFC runs and taps)", () => {
  it("step down and up again, keep the runs, their index, foreign key and count triggers, and take label_kind 'nfc'", async () => {
    const db = (await getDb()) as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo("2026-12-06_21_account_mail_requests")).error).toBeUndefined();
    await db.insertInto("batches").values(run("b1", "two_part")).execute();
    await db.insertInto("codes").values(code("c1", "b1")).execute();
    await expect(db.insertInto("batches").values(run("b0", "nfc")).execute()).rejects.toThrow(/check/i);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const kept = await db.selectFrom("batches").select(["id", "label_kind", "active_count", "nfc_meta_key_enc"]).execute();
    expect(kept).toEqual([{ id: "b1", label_kind: "two_part", active_count: 1, nfc_meta_key_enc: null }]);
    await db.insertInto("batches").values({ ...run("b2", "nfc"), nfc_meta_key_enc: "v1.sealed" }).execute();
    await expect(db.insertInto("batches").values(run("b3", "sticker")).execute()).rejects.toThrow(/check/i);
    // The codes' triggers still count into the rebuilt table; its foreign key still holds.
    await db.insertInto("codes").values({ ...code("c2", "b2"), tag_taps: 0 }).execute();
    expect((await db.selectFrom("batches").select("active_count").where("id", "=", "b2").executeTakeFirstOrThrow()).active_count).toBe(1);
    await expect(db.insertInto("codes").values(code("c3", "missing")).execute()).rejects.toThrow(/foreign key/i);
    const indexes = (await db.introspection.getTables()).find((t) => t.name === "batches");
    expect(indexes).toBeDefined();
    if (engineOf(db) === "sqlite") {
      const names = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'batches'`.execute(db);
      expect(names.rows.map((r) => r.name)).toContain("batches_created_idx");
      expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
      expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows[0]?.integrity_check).toBe("ok");
    } else {
      const names = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'batches'`.execute(db);
      expect(names.rows.map((r) => r.indexname)).toContain("batches_created_idx");
    }

    // The new columns and their defaults.
    const scanId = "s1";
    await db
      .insertInto("scans")
      .values({ id: scanId, created_at: new Date().toISOString(), input: "x", code_id: "c2", outcome: "valid", product_id: "p", verified_at: null, batch_id: "b2", lang: "en", client_hash: "c", user_agent: "u", country: null })
      .execute();
    expect(await db.selectFrom("scans").select(["kind", "tap", "tag_counter"]).where("id", "=", scanId).executeTakeFirst()).toEqual({ kind: "check", tap: 0, tag_counter: null });
    expect(await db.selectFrom("codes").select(["tag_counter", "tag_taps"]).where("id", "=", "c1").executeTakeFirst()).toEqual({ tag_counter: null, tag_taps: 0 });

    // Down refuses nothing it kept: without the NFC run, the CHECK narrows again.
    await db.deleteFrom("scans").execute();
    await db.deleteFrom("codes").where("id", "=", "c2").execute();
    await db.deleteFrom("batches").where("id", "=", "b2").execute();
    expect((await migrator.migrateTo("2026-12-06_21_account_mail_requests")).error).toBeUndefined();
    await expect(db.insertInto("batches").values(run("b4", "nfc")).execute()).rejects.toThrow(/check/i);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
