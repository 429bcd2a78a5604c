import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import type { Batch } from "@db/schema";
import { cloneSubject } from "~/features/alerts/signals.server";
import { batchCodeChunks, batchCodesPage } from "~/features/batches/batch-codes.server";
import { createBatch, revokeBatch, type NewBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { alertScanIds, alertsFor, checkFrom } from "../../../tests/unit/checks";
import { raceTwo, startChecker } from "../../../tests/unit/race";
import { CODE_ALPHABET, formatCode, PACK_SERIAL_LENGTH, PIN_LENGTH } from "~/platform/codes/code-format";
import { codeHash, packHash, revealCode, revealPacks } from "~/platform/codes/code-store.server";
import { createCode, listCodes } from "../code-admin/codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { checkCode } from "../check/verify.server";
import { findPack, redeemPack, viewPack, WRONG_PINS_PER_SERIAL, type RedeemRequest } from "./packs.server";

// Two-part packs (issue 27): a public serial, a secret PIN redeemed once, views that never consume.

const product = products[4]!;
const twoPart = (overrides: Partial<NewBatch> = {}): NewBatch => ({
  productId: product.id,
  quantity: 20,
  lot: "L2026-PK",
  bestBefore: "2028-06-30",
  label: "two_part",
  createdBy: "admin-1",
  ...overrides,
});

async function run(overrides: Partial<NewBatch> = {}, gen: Parameters<typeof createBatch>[1] = {}): Promise<Batch> {
  const result = await createBatch(twoPart(overrides), gen);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** A run's packs as stored, by place, with their PINs opened (as the admin's exports open them). */
async function packsOf(batchId: string) {
  const db = await getDb();
  const rows = await db.selectFrom("codes").selectAll().where("batch_id", "=", batchId).orderBy("serial").execute();
  const opened = revealPacks(rows);
  return rows.map((row, i) => ({ ...row, pin: opened[i]!.pin, opened: opened[i]!.serial }));
}

const redeem = (serial: string, pin: string, clientHash: string, country: string | null = null, more: Partial<RedeemRequest> = {}) =>
  redeemPack({ serial, pin, lang: "en", clientHash, userAgent: "vitest", country, ...more });
const view = (serial: string, clientHash: string, country: string | null = null) => viewPack({ serial, lang: "en", clientHash, userAgent: "vitest", country });

/** A PIN of the alphabet that is not this one. */
const wrongPin = (pin: string, n = 0) => `${CODE_ALPHABET[(CODE_ALPHABET.indexOf(pin[0]!) + 1 + n) % CODE_ALPHABET.length]}${pin.slice(1)}`;

async function scansOf(serial: string) {
  const db = await getDb();
  return db.selectFrom("scans").selectAll().where("pack_serial", "=", serial).orderBy("created_at").execute();
}

beforeAll(async () => {
  await getDb();
});

describe("creating a two-part run", () => {
  it("makes 1,000 packs: places 1..N, unique 11-character serials and 9-character PINs of the label alphabet, sealed", async () => {
    const batch = await run({ quantity: 1000 });
    expect(batch).toMatchObject({ label_kind: "two_part", quantity: 1000, active_count: 1000 });
    const packs = await packsOf(batch.id);
    expect(packs).toHaveLength(1000);
    expect(packs.map((p) => Number(p.serial))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const serials = new Set(packs.map((p) => p.pack_serial));
    expect(serials.size).toBe(1000);
    const of = (n: number) => new RegExp(`^[${CODE_ALPHABET}]{${n}}$`);
    for (const pack of packs) {
      expect(pack.pack_serial).toMatch(of(PACK_SERIAL_LENGTH));
      expect(pack.pin).toMatch(of(PIN_LENGTH));
      expect(pack.opened).toBe(pack.pack_serial);
      // Found by the keyed hash of SERIAL/PIN, never by the PIN alone.
      expect(pack.code_hash).toBe(packHash(pack.pack_serial!, pack.pin));
      expect(pack.code_hash).not.toBe(codeHash(pack.pin));
      expect(pack.code_enc).not.toContain(pack.pin);
      expect(pack.status).toBe("active");
    }
    // PINs are drawn, not derived: many different ones.
    expect(new Set(packs.map((p) => p.pin)).size).toBeGreaterThan(990);
  });

  it("draws a serial again when it clashes with another run's, and keeps the run whole", async () => {
    const first = await packsOf((await run({ quantity: 3 })).id);
    const taken = first[1]!.pack_serial!;
    const scripted = [taken, "KMNPQRSTUV2", taken, "KMNPQRSTUV3", "KMNPQRSTUV4"];
    const second = await run({ quantity: 3 }, { generateSerial: () => scripted.shift() ?? "KMNPQRSTUV9" });
    const packs = await packsOf(second.id);
    // Place 1 drew the taken serial (the second "taken" is skipped within the run): drawn again after the insert.
    expect(packs.map((p) => p.pack_serial)).toEqual(["KMNPQRSTUV4", "KMNPQRSTUV2", "KMNPQRSTUV3"]);
    expect(new Set(packs.map((p) => p.pack_serial)).size).toBe(3);
    expect(second.active_count).toBe(3);
  });

  it("shows a pack to admins by its serial, never its PIN, finds it by serial, and refuses a code equal to a serial", async () => {
    const batch = await run({ quantity: 2 });
    const [pack] = await packsOf(batch.id);
    const found = await listCodes("active", 1, { code: formatCode(pack!.pack_serial!) });
    if (!found.ok) throw new Error(found.error);
    // A pack's serial is public: shown as it is, also to a role that reads codes masked.
    expect(found.value.items.map((c) => presentCode(c, "masked"))).toEqual([expect.objectContaining({ code: pack!.pack_serial, masked: false })]);
    const page = await batchCodesPage(batch, 1);
    const shown = page.items.map((c) => presentCode(c, "masked"));
    expect(shown.map((c) => c.code)).toEqual((await packsOf(batch.id)).map((p) => p.pack_serial));
    expect(JSON.stringify(shown)).not.toContain(pack!.pin);
    expect(await createCode({ code: pack!.pack_serial!, productId: product.id })).toMatchObject({ ok: false, error: "duplicate" });
    // The exports' reader opens serial and PIN apart: labels print the serial, the PIN only where asked.
    const exported = [];
    for await (const chunk of batchCodeChunks(batch.id, 1, 2)) exported.push(...chunk);
    expect(exported).toEqual((await packsOf(batch.id)).map((p) => ({ serial: Number(p.serial), code: p.pack_serial, pin: p.pin })));
  });

  it("refuses a lot GS1 cannot carry (lot_not_gs1), which a single run still takes", async () => {
    for (const lot of ["LOT 2026 A", "L".repeat(21)]) {
      expect(await createBatch(twoPart({ lot }))).toMatchObject({ ok: false, error: "lot_not_gs1" });
      const single = await createBatch(twoPart({ lot, label: "single", quantity: 2 }));
      expect(single.ok && single.value.label_kind).toBe("single");
    }
  });

  it("keeps a single run's codes as they were: no serial, consumed by the code check", async () => {
    const result = await createBatch(twoPart({ label: undefined, quantity: 2 }));
    if (!result.ok) throw new Error(result.error);
    expect(result.value.label_kind).toBe("single");
    const db = await getDb();
    const rows = await db.selectFrom("codes").selectAll().where("batch_id", "=", result.value.id).execute();
    expect(rows.every((r) => r.pack_serial === null)).toBe(true);
    const code = revealCode(rows[0]!);
    expect((await checkFrom(code, "single-buyer")).outcome).toBe("valid");
    expect((await checkFrom(code, "single-buyer")).outcome).toBe("used");
  });
});

describe("a pack's page and its PIN", () => {
  it("is sealed until its PIN is redeemed once; views never consume; the result is the verify answer's", async () => {
    const batch = await run({ quantity: 2, market: "SA" });
    const [pack] = await packsOf(batch.id);
    const serial = pack!.pack_serial!;

    // Found however the shopper types it.
    const sealed = await findPack(formatCode(serial).toLowerCase());
    expect(sealed).toMatchObject({ serial, state: "sealed", verifiedAt: null, country: null, productId: product.id, lot: "L2026-PK", bestBefore: "2028-06-30", batchId: batch.id });
    expect(await findPack("KMNPQRSTUVW")).toBeNull();
    expect(await findPack("not a serial")).toBeNull();

    for (let i = 0; i < 3; i++) {
      const seen = await view(serial, `shelf-${i}`, "SA");
      expect(seen.ok && seen.value.pack?.state).toBe("sealed");
      expect(seen.ok && seen.value.verification).toMatchObject({ kind: "view", outcome: "valid", packSerial: serial });
    }
    expect((await findPack(serial))!.state).toBe("sealed");

    // The PIN alone is known by its shape (a PIN, not a verdict; nothing recorded); run together with the serial it is no code.
    const typedPin = await checkCode({ code: pack!.pin, lang: "en", clientHash: "curious", userAgent: "vitest" });
    expect(typedPin).toMatchObject({ ok: false, error: "pin" });
    expect((await checkFrom(`${serial}${pack!.pin}`, "curious")).outcome).toBe("unknown");

    // A wrong PIN on a pack we made is a typo: the pack's facts, the tries left, never `unknown` (decision 165).
    const wrong = await redeem(serial, wrongPin(pack!.pin), "buyer", "SA");
    expect(wrong.ok && wrong.value).toMatchObject({ kind: "check", outcome: "wrong_pin", isValid: false, code: serial, productId: product.id, batch: { id: batch.id }, packSerial: serial, attemptsLeft: 4 });

    const won = await redeem(formatCode(serial), formatCode(pack!.pin).toLowerCase(), "buyer", "SA");
    if (!won.ok) throw new Error(won.error);
    expect(won.value).toMatchObject({ kind: "check", outcome: "valid", isValid: true, code: serial, productId: product.id, batch: { id: batch.id, lot: "L2026-PK", bestBefore: "2028-06-30" } });
    const again = await redeem(serial, pack!.pin, "someone-else", "AE");
    expect(again.ok && again.value).toMatchObject({ outcome: "used", isValid: false, verifiedAt: won.value.verifiedAt });

    expect(await findPack(serial)).toMatchObject({ state: "verified", verifiedAt: won.value.verifiedAt, country: "SA" });
    const after = await view(serial, "shelf-9", "SA");
    expect(after.ok && after.value.verification?.outcome).toBe("used");

    // The log: views as `view`, redemptions as `check`, the serial as input, never the PIN.
    const scans = await scansOf(serial);
    expect(scans.map((s) => `${s.kind} ${s.outcome} ${s.wrong_pin}`).sort()).toEqual(["check unknown 1", "check used 0", "check valid 0", "view used 0", "view valid 0", "view valid 0", "view valid 0"]);
    expect(scans.every((s) => s.input === serial && !JSON.stringify(s).includes(pack!.pin))).toBe(true);
    // Views are not verifications: the run's daily aggregates count only the three checks of the pack (the wrong PIN as `wrong_pin`).
    const db = await getDb();
    const daily = await db.selectFrom("scan_daily").select(["outcome", (eb) => eb.fn.sum<number>("n").as("n")]).where("dim", "=", "batch").where("value", "=", batch.id).groupBy("outcome").execute();
    expect(Object.fromEntries(daily.filter((d) => Number(d.n) > 0).map((d) => [d.outcome, Number(d.n)]))).toEqual({ wrong_pin: 1, valid: 1, used: 1 });
  });

  it("answers revoked for a revoked run's packs, and unknown for an unknown serial", async () => {
    const batch = await run({ quantity: 2 });
    const [pack] = await packsOf(batch.id);
    const revoked = await revokeBatch(batch.id, { reason: "stolen", revokedBy: "admin-1" });
    expect(revoked.ok).toBe(true);
    expect((await findPack(pack!.pack_serial!))!.state).toBe("revoked");
    const seen = await view(pack!.pack_serial!, "shopper-r");
    expect(seen.ok && seen.value.verification?.outcome).toBe("revoked");
    const redeemed = await redeem(pack!.pack_serial!, pack!.pin, "shopper-r");
    expect(redeemed.ok && redeemed.value.outcome).toBe("revoked");

    const unknown = await view("KMNPQRSTUVX", "shopper-u");
    expect(unknown.ok && unknown.value).toMatchObject({ pack: null, verification: { kind: "view", outcome: "unknown", packSerial: "KMNPQRSTUVX" } });
    expect(await viewPack({ serial: " - ", lang: "en", clientHash: "x", userAgent: "vitest" })).toMatchObject({ ok: false, error: "empty" });
    expect(await redeem("KMNPQRSTUVX", "", "x")).toMatchObject({ ok: false, error: "empty" });
  });

  it("lets exactly one of 200 simultaneous redemptions win", async () => {
    const [pack] = await packsOf((await run({ quantity: 1 })).id);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => redeem(pack!.pack_serial!, pack!.pin, `racer-${i}`)));
    const outcomes = answers.map((a) => (a.ok ? a.value.outcome : a.error));
    expect(outcomes.filter((o) => o === "valid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "used")).toHaveLength(199);
    const db = await getDb();
    const row = await db.selectFrom("codes").select(["status", "verified_at"]).where("pack_serial", "=", pack!.pack_serial).executeTakeFirstOrThrow();
    expect(row.status).toBe("expired");
    const winner = answers.find((a) => a.ok && a.value.isValid);
    expect(row.verified_at).toBe(winner?.ok ? winner.value.verifiedAt : "no winner");
  });
});

describe("one redemption across processes", () => {
  it("two processes sharing the database, 100 redemptions of one pack each: exactly one wins", { timeout: 60_000 }, async () => {
    const packs = await packsOf((await run({ quantity: 2 })).id);
    const given = packs.map((p) => `${p.pack_serial}:${p.pin}`);
    const results = await raceTwo(given, 100, "packs");
    expect(results).toHaveLength(400);
    for (const pack of packs) {
      const mine = results.filter((r) => r.code === pack.pack_serial);
      expect(mine).toHaveLength(200);
      expect(mine.filter((r) => r.outcome === "valid"), pack.pack_serial!).toHaveLength(1);
      expect(mine.filter((r) => r.outcome === "used")).toHaveLength(199);
    }
  });
});

describe("wrong PINs", () => {
  it(`two processes, one client, 20 wrong PINs of one pack at once: exactly ${WRONG_PINS_PER_SERIAL} counted, the rest refused (the pack's row is locked while they are counted)`, { timeout: 60_000 }, async () => {
    const [pack] = await packsOf((await run({ quantity: 1 })).id);
    const given = [`${pack!.pack_serial}:${wrongPin(pack!.pin)}`];
    const a = startChecker(given, 10, "packs", "one-client");
    const b = startChecker(given, 10, "packs", "one-client");
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const results = [...(await a.done), ...(await b.done)];
    expect(results).toHaveLength(20);
    expect(results.filter((r) => r.outcome === "wrong_pin")).toHaveLength(WRONG_PINS_PER_SERIAL);
    expect(results.filter((r) => r.error === "rate_limited")).toHaveLength(20 - WRONG_PINS_PER_SERIAL);
    expect((await scansOf(pack!.pack_serial!)).filter((s) => s.wrong_pin === 1)).toHaveLength(WRONG_PINS_PER_SERIAL);
  });

  it(`allows ${WRONG_PINS_PER_SERIAL} per serial and client in 24 hours, counting down the tries left, then refuses that client only, recording nothing`, async () => {
    const batch = await run({ quantity: 2 });
    const [pack, other] = await packsOf(batch.id);
    const serial = pack!.pack_serial!;
    for (let i = 0; i < WRONG_PINS_PER_SERIAL; i++) {
      const answer = await redeem(serial, wrongPin(pack!.pin, i), "guesser");
      expect(answer.ok && answer.value).toMatchObject({ outcome: "wrong_pin", isValid: false, attemptsLeft: WRONG_PINS_PER_SERIAL - 1 - i });
    }
    const before = (await scansOf(serial)).length;
    const refused = await redeem(serial, wrongPin(pack!.pin, 9), "guesser");
    expect(refused).toMatchObject({ ok: false, error: "rate_limited" });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    // Even the right PIN: that client waits; nothing is recorded, nothing consumed.
    expect(await redeem(serial, pack!.pin, "guesser")).toMatchObject({ ok: false, error: "rate_limited" });
    expect((await scansOf(serial)).length).toBe(before);
    expect((await findPack(serial))!.state).toBe("sealed");
    // Another serial for the same client is its own count; another client redeems this one.
    expect((await redeem(other!.pack_serial!, wrongPin(other!.pin), "guesser")).ok).toBe(true);
    const buyer = await redeem(serial, pack!.pin, "real-buyer");
    expect(buyer.ok && buyer.value.outcome).toBe("valid");
  });

  it(`one client's wrong PINs of one pack read in one turn (one batch, beside code checks): exactly ${WRONG_PINS_PER_SERIAL} counted, each seeing the ones before it`, async () => {
    const [pack] = await packsOf((await run({ quantity: 1 })).id);
    const serial = pack!.pack_serial!;
    // Code checks in the same batch record their scans without writing them at once (decision 198):
    // each redemption still counts the wrong PINs recorded before it in the batch.
    const answers = await Promise.all([
      checkCode({ code: "NOPE2345", lang: "en", clientHash: "batch-checker", userAgent: "vitest" }),
      ...Array.from({ length: WRONG_PINS_PER_SERIAL + 2 }, (_, i) => redeem(serial, wrongPin(pack!.pin, i), "batch-guesser")),
      checkCode({ code: "NOPE2346", lang: "en", clientHash: "batch-checker", userAgent: "vitest" }),
    ]);
    const redemptions = answers.slice(1, -1);
    expect(redemptions.map((a) => (a.ok ? a.value.attemptsLeft : a.error))).toEqual([
      ...Array.from({ length: WRONG_PINS_PER_SERIAL }, (_, i) => WRONG_PINS_PER_SERIAL - 1 - i),
      "rate_limited",
      "rate_limited",
    ]);
    expect((await scansOf(serial)).filter((s) => s.wrong_pin === 1)).toHaveLength(WRONG_PINS_PER_SERIAL);
  });

  it("from 3 clients on one serial raise one guessing alert naming it", async () => {
    const batch = await run({ quantity: 1 });
    const [pack] = await packsOf(batch.id);
    const serial = pack!.pack_serial!;
    const subject = `guessing:pack:${serial}`;
    await redeem(serial, wrongPin(pack!.pin), "g-1");
    await redeem(serial, wrongPin(pack!.pin, 1), "g-1");
    await redeem(serial, wrongPin(pack!.pin), "g-2");
    expect(await alertsFor(subject)).toHaveLength(0);
    const third = await redeem(serial, wrongPin(pack!.pin), "g-3");
    const [alert] = await alertsFor(subject);
    expect(alert).toMatchObject({ kind: "guessing", status: "open", code: serial, code_id: pack!.id, product_id: product.id, batch_id: batch.id, scans_count: 4 });
    expect(JSON.parse(alert!.detail)).toEqual({ kind: "guessing", reason: "pack", serial, clients_24h: 3, threshold: 3 });
    expect(await alertScanIds(alert!.id)).toContain(third.ok && third.value.scanId);
    await redeem(serial, wrongPin(pack!.pin), "g-4");
    const alerts = await alertsFor(subject);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.scans_count).toBe(5);
  });
});

describe("views and the clone signal", () => {
  it("counts views of a redeemed pack from other clients as re-checks of a used code; views of a sealed pack are no evidence", async () => {
    const [pack] = await packsOf((await run({ quantity: 1 })).id);
    const serial = pack!.pack_serial!;
    // Before purchase: seen on shelves by many, from two countries. No alert, not the first verification.
    for (const [i, country] of ["SA", "AE", "SA"].entries()) await view(serial, `before-${i}`, country);
    const won = await redeem(serial, pack!.pin, "buyer", "SA");
    expect(won.ok && won.value.isValid).toBe(true);
    await view(serial, "buyer", "SA");
    await view(serial, "other-1", "SA");
    expect(await alertsFor(cloneSubject(pack!.id))).toHaveLength(0);
    const last = await view(serial, "other-2", "SA");
    const [alert] = await alertsFor(cloneSubject(pack!.id));
    expect(alert).toMatchObject({ kind: "clone", code: serial, code_id: pack!.id });
    expect(JSON.parse(alert!.detail)).toMatchObject({ reasons: ["clients"], other_clients: 2, countries: ["SA"] });
    const listed = await alertScanIds(alert!.id);
    expect(listed).toContain(won.ok && won.value.scanId);
    expect(listed).toContain(last.ok && last.value.verification?.scanId);
    expect(listed).toHaveLength(4);
  });
});
