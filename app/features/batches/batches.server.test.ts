import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { env } from "~/platform/lib/env.server";
import { products } from "~/platform/catalog/catalog";
import { CODE_ALPHABET } from "~/platform/codes/code-format";
import { codeCounts, createCode, deleteCode, expireCode, listCodes } from "~/features/code-admin/codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { checkCode } from "~/features/check/verify.server";
import { codeRowOf, plain } from "../../../tests/unit/codes";
import { emptyTables } from "../../../tests/unit/db";
import { batchCodesPage } from "./batch-codes.server";
import { countsOf, createBatch, getBatch, listBatches, presentBatch, revokeBatch, type NewBatch } from "./batches.server";
import { normalizeInput } from "~/platform/codes/code-format";

const productId = () => products[1]!.id;
const run = (overrides: Partial<NewBatch> = {}): NewBatch => ({ productId: productId(), quantity: 50, lot: "L2026-0042", createdBy: "admin-1", ...overrides });

async function created(input: NewBatch, generate?: () => string) {
  const result = await createBatch(input, { generate });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** The run's codes as stored, by serial. */
async function codesOf(batchId: string) {
  const db = await getDb();
  const rows = await db.selectFrom("codes").selectAll().where("batch_id", "=", batchId).orderBy("serial").execute();
  return rows.map((row) => ({ ...row, text: plain(row) }));
}

/** The counts as the codes table says, to hold the trigger-kept ones against. */
async function realCounts(batchId: string) {
  const rows = await codesOf(batchId);
  return {
    active: rows.filter((r) => r.status === "active").length,
    used: rows.filter((r) => r.status === "expired" && r.verified_at).length,
    expired: rows.filter((r) => r.status === "expired" && !r.verified_at).length,
    revoked: rows.filter((r) => r.status === "revoked").length,
  };
}

let client = 0;
const shopperCheck = (code: string) => checkCode({ code: normalizeInput(code), lang: "en", clientHash: `batch-test-${++client}`, userAgent: "vitest" });

beforeEach(() => emptyTables("scans", "codes", "batches"));

describe("createBatch", () => {
  it("makes the run and its codes: serials 1..N, unique 8-character codes of the label alphabet, all active", async () => {
    const before = await codeCounts();
    const batch = await created(run({ quantity: 300, manufacturedOn: "2026-10-01", bestBefore: "2028-10-01", market: "AE", note: "first run" }));
    expect(presentBatch(batch)).toMatchObject({
      product_id: productId(),
      lot: "L2026-0042",
      quantity: 300,
      manufactured_on: "2026-10-01",
      best_before: "2028-10-01",
      market: "AE",
      note: "first run",
      status: "active",
      revoked_reason: null,
      created_by: "admin-1",
      counts: { active: 300, used: 0, expired: 0, revoked: 0 },
    });
    const codes = await codesOf(batch.id);
    expect(codes.map((c) => c.serial)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(new Set(codes.map((c) => c.text)).size).toBe(300);
    const alphabet = new RegExp(`^[${CODE_ALPHABET}]{8}$`);
    expect(codes.every((c) => alphabet.test(c.text) && c.status === "active" && c.product_id === productId())).toBe(true);
    expect(await codeCounts()).toEqual({ active: before.active + 300, expired: before.expired });
  });

  it("draws again for a code that collides with an existing one (and never repeats one within the run)", async () => {
    const existing = await createCode({ code: "TAKE2345", productId: productId() });
    expect(existing.ok).toBe(true);
    // The first draw collides with the existing code, the third repeats the second: both are drawn again.
    const script = ["TAKE2345", "AAAA2222", "AAAA2222", "BBBB3333", "CCCC4444", "DDDD5555"];
    let i = 0;
    const batch = await created(run({ quantity: 4 }), () => script[i++] ?? "ZZZZ9999");
    const codes = await codesOf(batch.id);
    expect(codes.map((c) => [c.serial, c.text])).toEqual([
      [1, "DDDD5555"],
      [2, "AAAA2222"],
      [3, "BBBB3333"],
      [4, "CCCC4444"],
    ]);
    // The existing single code is untouched and still the only TAKE2345.
    const taken = await codeRowOf("TAKE2345");
    expect(taken).toMatchObject({ batch_id: null, status: "active" });
    expect(countsOf((await getBatch(batch.id))!)).toEqual({ active: 4, used: 0, expired: 0, revoked: 0 });
  });

  it("is all or nothing: a failure in the middle leaves no run, no code and the counts as they were", async () => {
    const db = await getDb();
    await created(run({ quantity: 10, lot: "KEEP-1" }));
    const before = await codeCounts();
    // A real failure inside the transaction, at the 700th code of 1000 (a trigger in each engine's words).
    const postgres = env().DATABASE_ENGINE === "postgres";
    if (postgres) {
      await sql`CREATE FUNCTION fail_mid_run() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.serial = 700 THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`.execute(db);
      await sql`CREATE TRIGGER fail_mid_run BEFORE INSERT ON codes FOR EACH ROW EXECUTE FUNCTION fail_mid_run()`.execute(db);
    } else {
      await sql`CREATE TRIGGER fail_mid_run BEFORE INSERT ON codes WHEN NEW.serial = 700 BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(db);
    }
    try {
      await expect(createBatch(run({ quantity: 1000, lot: "BROKEN-1" }))).rejects.toThrow(/disk full/);
    } finally {
      if (postgres) await sql`DROP FUNCTION fail_mid_run() CASCADE`.execute(db);
      else await sql`DROP TRIGGER fail_mid_run`.execute(db);
    }
    expect(await db.selectFrom("batches").select("lot").execute()).toEqual([{ lot: "KEEP-1" }]);
    const [{ n }] = (await db.selectFrom("codes").select((eb) => eb.fn.countAll<number>().as("n")).execute()) as [{ n: number }];
    expect(Number(n)).toBe(10);
    expect(await codeCounts()).toEqual(before);
  });

  it("refuses an unknown product and makes nothing", async () => {
    expect(await createBatch(run({ productId: "no-such-product" }))).toEqual({ ok: false, error: "unknown_product" });
    expect((await listBatches(1)).pagination.total_count).toBe(0);
  });
});

describe("revokeBatch and counts", () => {
  it("revokes the active codes in one step; used and expired codes keep their history; every count stays exact", async () => {
    const batch = await created(run({ quantity: 20 }));
    const other = await created(run({ quantity: 5, lot: "OTHER-1" }));
    const codes = await codesOf(batch.id);
    for (const code of codes.slice(0, 3)) expect((await shopperCheck(code.text)).ok).toBe(true);
    for (const code of codes.slice(3, 5)) expect((await expireCode(code.id)).ok).toBe(true);
    expect(countsOf((await getBatch(batch.id))!)).toEqual({ active: 15, used: 3, expired: 2, revoked: 0 });
    const globalBefore = await codeCounts();

    const result = await revokeBatch(batch.id, { reason: "stolen", note: "pallet 4 missing", revokedBy: "admin-2" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(presentBatch(result.value)).toMatchObject({
      status: "revoked",
      revoked_reason: "stolen",
      revoked_note: "pallet 4 missing",
      revoked_by: "admin-2",
      counts: { active: 0, used: 3, expired: 2, revoked: 15 },
    });
    expect(result.value.revoked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(countsOf(result.value)).toEqual(await realCounts(batch.id));
    expect(await codeCounts()).toEqual({ active: globalBefore.active - 15, expired: globalBefore.expired + 15 });
    // The used codes still say when they were first verified.
    const after = await codesOf(batch.id);
    expect(after.slice(0, 3).every((c) => c.status === "expired" && c.verified_at)).toBe(true);
    // The other run is untouched.
    expect(countsOf((await getBatch(other.id))!)).toEqual({ active: 5, used: 0, expired: 0, revoked: 0 });

    // A revoked code answers "not valid" (revoked), like any code that is not active.
    const check = await shopperCheck(after[10]!.text);
    expect(check.ok && check.value).toMatchObject({ outcome: "revoked", isValid: false });

    expect(await revokeBatch(batch.id, { reason: "other", revokedBy: "admin-2" })).toEqual({ ok: false, error: "already_revoked" });
    expect(await revokeBatch("no-such-run", { reason: "other", revokedBy: "admin-2" })).toEqual({ ok: false, error: "not_found" });
    expect(countsOf((await getBatch(batch.id))!)).toEqual(await realCounts(batch.id));
  });

  it("a run's codes stay with it: they cannot be deleted one by one", async () => {
    const batch = await created(run({ quantity: 3 }));
    const [first] = await codesOf(batch.id);
    expect((await deleteCode(first!.id)).ok).toBe(false);
    await expireCode(first!.id);
    expect(await deleteCode(first!.id)).toEqual({ ok: false, error: "in_batch" });
    expect(countsOf((await getBatch(batch.id))!)).toEqual({ active: 2, used: 0, expired: 1, revoked: 0 });
  });
});

describe("a run's codes in lists", () => {
  it("pages a run's codes by serial, and the codes list filters by run and by exact code", async () => {
    const batch = await created(run({ quantity: 25 }));
    await created(run({ quantity: 7, lot: "OTHER-2" }));
    const codes = await codesOf(batch.id);
    const page3 = await batchCodesPage((await getBatch(batch.id))!, 3);
    expect(page3.pagination).toEqual({ page: 3, total_pages: 3, total_count: 25 });
    expect(page3.items.map((c) => [Number(c.serial), presentCode(c, "full").code])).toEqual(codes.slice(20).map((c) => [c.serial, c.text]));
    expect((await batchCodesPage((await getBatch(batch.id))!, 2)).items.map((c) => Number(c.serial))).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

    await shopperCheck(codes[4]!.text);
    const active = await listCodes("active", 1, { batchId: batch.id });
    expect(active.ok && active.value.counts).toEqual({ active: 24, expired: 1 });
    expect(active.ok && active.value.items.map((c) => c.serial)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    const lastActive = await listCodes("active", 3, { batchId: batch.id });
    expect(lastActive.ok && lastActive.value.items.map((c) => c.serial)).toEqual([22, 23, 24, 25]);
    const ended = await listCodes("expired", 1, { batchId: batch.id });
    expect(ended.ok && ended.value.items.map((c) => c.serial)).toEqual([5]);
    expect(await listCodes("active", 1, { batchId: "no-such-run" })).toEqual({ ok: false, error: "unknown_batch" });

    // Exact code: typed as printed, in any case; found on its tab only.
    const wanted = codes[9]!.text;
    const found = await listCodes("active", 1, { code: `${wanted.slice(0, 4).toLowerCase()}-${wanted.slice(4)}` });
    expect(found.ok && found.value.items.map((c) => c.id)).toEqual([codes[9]!.id]);
    expect(found.ok && found.value.counts).toEqual({ active: 1, expired: 0 });
    const otherTab = await listCodes("expired", 1, { code: wanted });
    expect(otherTab.ok && otherTab.value).toMatchObject({ items: [], counts: { active: 1, expired: 0 } });
    const none = await listCodes("active", 1, { code: "NOPE2345" });
    expect(none.ok && none.value).toMatchObject({ items: [], counts: { active: 0, expired: 0 } });
  });

  it("lists runs newest first, ten to a page", async () => {
    // Each in its own millisecond: runs made in the same one are ordered by their random id.
    for (let i = 0; i < 12; i++) {
      await created(run({ quantity: 1, lot: `LOT-${i}` }));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await listBatches(1);
    expect(first.pagination).toEqual({ page: 1, total_pages: 2, total_count: 12 });
    expect(first.items[0]!.lot).toBe("LOT-11");
    expect((await listBatches(2)).items.map((b) => b.lot)).toEqual(["LOT-1", "LOT-0"]);
    expect((await listBatches(3)).items).toEqual([]);
  });
});
