import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { Migrator, sql, type MigrationProvider } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, getDb, getSqlite, migrateToLatest } from "@db/db.server";
import { migrations } from "@migrations/index";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { codeKeysFrom, lookupHash, openCode, openCodes, sealCode, sealCodes } from "~/platform/lib/code-seal.mjs";
import { env } from "~/platform/lib/env.server";
import { codeHash, plain } from "../../../tests/unit/codes";
import { formatCode, generateCode } from "./code-format";
import { packText, revealPacks } from "./code-store.server";
import { createCode, listCodes } from "~/features/code-admin/codes.server";
import { redeemPack, viewPack } from "~/features/packs/packs.server";
import { checkCode } from "~/features/check/verify.server";
import { normalizeInput } from "./code-format";

// A copy of the database alone must not reveal an active code (decision 081): codes are looked up by
// a keyed hash and kept sealed; the key lives outside the database.

const scratch = mkdtempSync(join(tmpdir(), "codes-at-rest-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The bytes of a file (empty when it does not exist, as a WAL after a truncating checkpoint). */
const bytesOf = (path: string) => (existsSync(path) ? readFileSync(path) : Buffer.alloc(0));

/** Every spelling of a code a file could hold it in: plain, grouped, and as UTF-16 text. */
function spellings(code: string): Buffer[] {
  return [code, formatCode(code)].flatMap((text) => [Buffer.from(text, "latin1"), Buffer.from(text, "utf16le")]);
}

function leaks(files: Record<string, Buffer>, codes: string[]): string[] {
  const found: string[] = [];
  for (const [name, bytes] of Object.entries(files)) {
    for (const code of codes) if (spellings(code).some((s) => bytes.includes(s))) found.push(`${code} in ${name}`);
  }
  return found;
}

describe("the sealing itself", () => {
  it("looks a code up by a keyed hash and opens only what was sealed for that hash, with that key", () => {
    const keys = codeKeysFrom("k".repeat(40));
    const other = codeKeysFrom("o".repeat(40));
    const hash = lookupHash(keys, "ABCD2345");
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lookupHash(keys, "ABCD2345")).toBe(hash);
    expect(lookupHash(other, "ABCD2345")).not.toBe(hash);
    const sealed = sealCode(keys, "ABCD2345", hash);
    expect(sealed).toMatch(/^1\.[A-Za-z0-9_-]{11}$/);
    expect(sealed).not.toContain("ABCD");
    expect(openCode(keys, sealed, hash)).toBe("ABCD2345");
    // Many at once (a run) and one by one agree; a 32-character code takes two blocks of key stream.
    const many = ["ABCD2345", "Z".repeat(32), "WXYZ"];
    const bulk = sealCodes(keys, many);
    expect(bulk.map((s) => openCode(keys, s.code_enc, s.code_hash))).toEqual(many);
    expect(openCodes(keys, bulk)).toEqual(many);
    expect(bulk[0]).toEqual({ code_hash: hash, code_enc: sealed });
    expect(() => openCode(other, sealed, hash)).toThrow();
    expect(() => openCode(keys, sealed, lookupHash(keys, "WXYZ2345"))).toThrow();
    expect(() => codeKeysFrom("short")).toThrow(/32/);
  });
});

// The bytes of a SQLite file, its WAL and its copies (PostgreSQL seals the same columns with the same code).
describe.skipIf(env().DATABASE_ENGINE !== "sqlite")("codes at rest", () => {
  it("no created code occurs in the bytes of the database, its WAL or a backup", async () => {
    const db = await getDb();
    const sqlite = await getSqlite();
    const singles: string[] = [];
    for (let i = 0; i < 20; i++) {
      const code = generateCode();
      const result = await createCode({ code, productId: products[0]!.id });
      expect(result.ok).toBe(true);
      singles.push(code);
    }
    const batch = await createBatch({ productId: products[2]!.id, quantity: 500, lot: "REST-1", createdBy: "admin" });
    if (!batch.ok) throw new Error(batch.error);
    const rows = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", batch.value.id).execute();
    const batchCodes = rows.map(plain);
    expect(batchCodes).toHaveLength(500);
    // They work: found by their hash, listed by exact search, verified once.
    const search = await listCodes("active", 1, { code: singles[3]! });
    expect(search.ok && search.value.items).toHaveLength(1);
    const checked = await checkCode({ code: normalizeInput(batchCodes[0]!), lang: "en", clientHash: "rest", userAgent: "vitest" });
    expect(checked.ok && checked.value.isValid).toBe(true);
    // A two-part run (issue 27): its PINs, and the SERIAL/PIN text their hashes are made of, are secrets
    // too — also once a pack's page was viewed, a wrong PIN was tried and its PIN redeemed.
    const packsRun = await createBatch({ productId: products[3]!.id, quantity: 300, lot: "REST-2", label: "two_part", createdBy: "admin" });
    if (!packsRun.ok) throw new Error(packsRun.error);
    const packRows = await db.selectFrom("codes").select(["code_hash", "code_enc", "pack_serial"]).where("batch_id", "=", packsRun.value.id).orderBy("serial").execute();
    const packs = revealPacks(packRows);
    expect(packs).toHaveLength(300);
    const shopper = { lang: "en" as const, clientHash: "rest-pack", userAgent: "vitest" };
    expect((await viewPack({ ...shopper, serial: packs[0]!.serial })).ok).toBe(true);
    expect((await redeemPack({ ...shopper, serial: packs[0]!.serial, pin: packs[1]!.pin })).ok).toBe(true);
    const redeemed = await redeemPack({ ...shopper, serial: packs[0]!.serial, pin: packs[0]!.pin });
    expect(redeemed.ok && redeemed.value.isValid).toBe(true);
    const packSecrets = packs.flatMap((p) => [p.pin, packText(p.serial, p.pin)]);
    // A sentinel stored in plain text proves the byte search finds text where it is.
    const sentinel = "SENTINEL-PLAINTEXT-42";
    await db.insertInto("contacts").values({ id: randomUUID(), name: sentinel, phone_number: "1", message: "m", created_at: new Date().toISOString() }).execute();

    const path = env().DATABASE_PATH!;
    const backup = join(scratch, "backup.db");
    await sqlite.backup(backup);
    const vacuumed = join(scratch, "vacuum-into.db");
    await sql`VACUUM INTO ${sql.lit(vacuumed)}`.execute(db);
    const live = () => ({ database: bytesOf(path), wal: bytesOf(`${path}-wal`) });
    const copies = { backup: bytesOf(backup), "VACUUM INTO copy": bytesOf(vacuumed) };
    const hasSentinel = (bytes: Buffer) => bytes.includes(Buffer.from(sentinel));
    expect(hasSentinel(Buffer.concat(Object.values(live())))).toBe(true);
    expect(Object.values(copies).every(hasSentinel)).toBe(true);
    // The one code checked above is no longer active; its scan keeps the shopper's input (the result
    // view shows it), so it is left out. Every active code is absent.
    const active = [...singles, ...batchCodes.slice(1), ...packSecrets];
    expect(leaks({ ...live(), ...copies }, active)).toEqual([]);
    // The public serials are there (the search would find a PIN the same way).
    expect(bytesOf(path).includes(Buffer.from(packs[5]!.serial)) || bytesOf(`${path}-wal`).includes(Buffer.from(packs[5]!.serial))).toBe(true);
    // And once the WAL is checkpointed into the database file.
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const files = live();
    expect(hasSentinel(files.database)).toBe(true);
    expect(leaks(files, active)).toEqual([]);
    expect(files.database.includes(Buffer.from(codeHash(singles[0]!)))).toBe(true);
    // About 1,100 secrets searched for in four files of a growing database: seconds, more on a busy machine.
  }, 120_000);

  it("migrates existing plain codes: sealed in place, still found and verified, their plain text gone from the files", async () => {
    const path = join(scratch, "old.db");
    const { db } = createDb(`file:${path}`);
    const provider: MigrationProvider = { getMigrations: async () => migrations };
    const before = await new Migrator({ db, provider }).migrateTo("2026-11-21_05_code_counts_and_tab_index");
    expect(before.error).toBeUndefined();
    // The database as it was before this change: codes in plain text, some used, some expired.
    const old = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), code: generateCode(), i }));
    for (const { id, code, i } of old) {
      const status = i % 3 === 0 ? "expired" : "active";
      await sql`INSERT INTO codes (id, code, product_id, status, created_at, expired_at, verified_at)
        VALUES (${id}, ${code}, ${products[0]!.id}, ${status}, ${new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()}, NULL, ${status === "expired" ? "2026-02-01T00:00:00.000Z" : null})`.execute(db);
    }
    const plainBefore = leaks({ database: bytesOf(path), wal: bytesOf(`${path}-wal`) }, old.map((o) => o.code));
    expect(plainBefore.length).toBeGreaterThan(0);

    await migrateToLatest(db);

    const keys = codeKeysFrom(readFileSync(join(env().DATA_DIR, "codes.key"), "utf8").trim());
    const rows = await db.selectFrom("codes").select(["id", "code_hash", "code_enc", "status", "verified_at"]).execute();
    expect(rows).toHaveLength(300);
    for (const { id, code, i } of old) {
      const row = rows.find((r) => r.id === id)!;
      expect(row.code_hash).toBe(lookupHash(keys, code));
      expect(openCode(keys, row.code_enc, row.code_hash)).toBe(code);
      expect(row.status).toBe(i % 3 === 0 ? "expired" : "active");
    }
    const counts = await db.selectFrom("code_counts").select(["status", "n"]).orderBy("status").execute();
    expect(counts.map((c) => [c.status, Number(c.n)])).toEqual([["active", 200], ["expired", 100], ["revoked", 0]]);
    // One conditional UPDATE by hash still consumes an active migrated code, once.
    const target = old.find((o) => o.i === 1)!;
    const consume = () =>
      db.updateTable("codes").set({ status: "expired", verified_at: "2026-03-01T00:00:00.000Z" }).where("code_hash", "=", lookupHash(keys, target.code)).where("status", "=", "active").executeTakeFirst();
    expect(Number((await consume()).numUpdatedRows)).toBe(1);
    expect(Number((await consume()).numUpdatedRows)).toBe(0);
    await db.destroy();

    expect(leaks({ database: bytesOf(path), wal: bytesOf(`${path}-wal`) }, old.map((o) => o.code))).toEqual([]);
  });
});
