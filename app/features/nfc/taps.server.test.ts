import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { cloneSubject } from "~/features/alerts/signals.server";
import { createBatch, revokeBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { listScans } from "~/features/scans/scan-log.server";
import { scanJson } from "~/features/scans/json";
import { alertsFor } from "../../../tests/unit/checks";
import { Receiver, until } from "../../../tests/unit/receiver";
import { AN12196, newKey, newUid, tap } from "../../../tests/unit/tags";
import { revealTags } from "~/platform/codes/tag-keys.server";
import { decryptPiccData } from "./sun.server";
import { tapApiData, tapTag, type TapRequest } from "./taps.server";

// A tap's alert reaches the environment's webhook receiver (a real local server).
const hooks = new Receiver(3791);
process.env.WEBHOOK_ALLOW_HTTP = "true";
process.env.WEBHOOK_ALLOW_PRIVATE = "127.0.0.1";
process.env.ALERT_WEBHOOK_URL = hooks.url;
process.env.ALERT_WEBHOOK_SECRET = "nfc-webhook-secret-0123456789";
beforeAll(() => hooks.start());
afterAll(() => hooks.stop());

const product = products[0]!;
let clients = 0;

/** A tap of `url` from a fresh client (or the one named), in a country. */
function tapOf(url: { e: string; c: string }, lot: string, options: { client?: string; country?: string | null; gtin?: string } = {}): Promise<Awaited<ReturnType<typeof tapTag>>> {
  const request: TapRequest = { gtin: options.gtin ?? product.gtin.padStart(14, "0"), lot, e: url.e, c: url.c, lang: "en", clientHash: options.client ?? `tap-client-${clients++}`, userAgent: "vitest", country: options.country ?? null };
  return tapTag(request);
}

async function tapped(url: { e: string; c: string }, lot: string, options: Parameters<typeof tapOf>[2] = {}) {
  const answer = await tapOf(url, lot, options);
  if (!answer.ok) throw new Error(`tap refused: ${answer.error}`);
  return answer.value;
}

/** An NFC run of `tags` (a supplier's keys when given, else the server's) for the test product. */
async function nfcRun(lot: string, tags: { uid: string; fileReadKey?: string }[], metaReadKey?: string) {
  const made = await createBatch({ productId: product.id, quantity: tags.length, lot, label: "nfc", tags, metaReadKey, createdBy: "admin" });
  if (!made.ok) throw new Error(`run refused: ${made.error}`);
  return made.value;
}

describe("NFC taps (SUN, AN12196)", () => {
  it("AN12196's tag imported with its keys: its published URL is genuine at counter 61, then replayed", async () => {
    const run = await nfcRun("AN-12196", [{ uid: AN12196.uid, fileReadKey: AN12196.fileReadKey }], AN12196.metaReadKey);
    const first = await tapped(AN12196, "AN-12196");
    expect(tapApiData(first)).toMatchObject({ is_valid: true, reason: null, uid: "04DE5F1EACC040", counter: 61, taps: 1, lot: "AN-12196", product: { id: product.id } });
    expect(first.firstTapAt).toBe(first.verification.checkedAt);
    const again = await tapped(AN12196, "AN-12196");
    expect(tapApiData(again)).toMatchObject({ is_valid: false, reason: "replayed", uid: "04DE5F1EACC040", counter: 61, taps: 1, first_tap_at: first.firstTapAt });

    const db = await getDb();
    const row = await db.selectFrom("codes").select(["tag_counter", "tag_taps", "status", "verified_at"]).where("pack_serial", "=", AN12196.uid).executeTakeFirstOrThrow();
    expect(row).toEqual({ tag_counter: 61, tag_taps: 1, status: "active", verified_at: first.firstTapAt });
    // In the scan log as taps: shown kind `tap`, the replay shown `replayed` (stored as a used check).
    const log = await listScans({ batch: run.id }, 1);
    expect(log.items.map(scanJson).map((s) => [s.kind, s.outcome, s.serial])).toEqual([
      ["tap", "replayed", AN12196.uid],
      ["tap", "valid", AN12196.uid],
    ]);
    expect((await listScans({ kind: "tap", outcome: "replayed" }, 1)).pagination.total_count).toBe(1);
    expect((await listScans({ kind: "check", batch: run.id }, 1)).items).toEqual([]);
  });

  it("each tap with a higher counter is genuine, a lower or equal one replayed; forged, unknown and revoked tags say so", async () => {
    const tag = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
    const run = await nfcRun("TAPS-1", [{ uid: tag.uid, fileReadKey: tag.fileReadKey }], tag.metaReadKey);
    const answers = [];
    for (const counter of [1, 2, 5]) answers.push(await tapped(tap(tag, counter), "TAPS-1"));
    expect(answers.map((a) => [a.reason, a.taps, a.counter])).toEqual([
      [null, 1, 1],
      [null, 2, 2],
      [null, 3, 5],
    ]);
    expect(new Set(answers.map((a) => a.firstTapAt)).size).toBe(1);
    // A URL of an earlier tap, made fresh (another random padding): its counter was passed.
    expect((await tapped(tap(tag, 3), "TAPS-1")).reason).toBe("replayed");
    // A MAC the tag's key did not make: nothing changes on the tag.
    const forged = { ...tap(tag, 9), c: "0011223344556677" };
    expect(tapApiData(await tapped(forged, "TAPS-1"))).toMatchObject({ is_valid: false, reason: "bad_mac", product: null, lot: null });
    expect((await tapped(tap(tag, 6), "TAPS-1")).reason).toBeNull();
    // A UID no run of this lot has (keyed with the run's meta key), a PICCData no key of the lot reads, another lot, a GTIN of no product.
    const stranger = { ...tag, uid: newUid() };
    expect((await tapped(tap(stranger, 1), "TAPS-1")).reason).toBe("unknown_tag");
    expect(await tapped(tap({ ...tag, metaReadKey: newKey() }, 7), "TAPS-1")).toMatchObject({ reason: "unknown_tag", uid: null, counter: null });
    expect((await tapped(tap(tag, 8), "OTHER-LOT")).reason).toBe("unknown_tag");
    expect((await tapped(tap(tag, 8), "TAPS-1", { gtin: "00000000000000" })).reason).toBe("unknown_tag");
    // Revoked with its run.
    expect((await revokeBatch(run.id, { reason: "stolen", revokedBy: "admin" })).ok).toBe(true);
    expect(tapApiData(await tapped(tap(tag, 10), "TAPS-1"))).toMatchObject({ is_valid: false, reason: "revoked" });
    const db = await getDb();
    expect(await db.selectFrom("codes").select(["tag_counter", "tag_taps"]).where("pack_serial", "=", tag.uid).executeTakeFirstOrThrow()).toEqual({ tag_counter: 6, tag_taps: 4 });
    const shown = (await listScans({ batch: run.id }, 1)).items.map(scanJson).map((s) => s.outcome);
    expect(shown).toEqual(expect.arrayContaining(["bad_mac", "replayed", "revoked", "valid", "unknown"]));
  });

  it("50 simultaneous submissions of one fresh URL: exactly one genuine, 49 replayed", async () => {
    const tag = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
    await nfcRun("RACE-1", [{ uid: tag.uid, fileReadKey: tag.fileReadKey }], tag.metaReadKey);
    const url = tap(tag, 42);
    const answers = await Promise.all(Array.from({ length: 50 }, () => tapped(url, "RACE-1")));
    expect(answers.filter((a) => a.verification.isValid)).toHaveLength(1);
    expect(answers.filter((a) => a.reason === "replayed")).toHaveLength(49);
    const db = await getDb();
    expect(await db.selectFrom("codes").select(["tag_counter", "tag_taps"]).where("pack_serial", "=", tag.uid).executeTakeFirstOrThrow()).toEqual({ tag_counter: 42, tag_taps: 1 });
  });

  it("a replayed URL raises a clone alert at once (with the webhook's alert.created); so do taps from two countries within 24 hours", async () => {
    const tags = [0, 1].map(() => ({ uid: newUid(), metaReadKey: "", fileReadKey: newKey() }));
    const meta = newKey();
    for (const tag of tags) tag.metaReadKey = meta;
    await nfcRun("CLONE-1", tags, meta);
    const db = await getDb();
    const codeId = async (uid: string) => (await db.selectFrom("codes").select("id").where("pack_serial", "=", uid).executeTakeFirstOrThrow()).id;

    const url = tap(tags[0]!, 3);
    await tapped(url, "CLONE-1", { country: "AE" });
    expect(await alertsFor(cloneSubject(await codeId(tags[0]!.uid)))).toEqual([]);
    const copy = await tapped(url, "CLONE-1", { country: "AE" });
    const [alert] = await alertsFor(cloneSubject(await codeId(tags[0]!.uid)));
    expect(alert).toMatchObject({ kind: "clone", status: "open", code: tags[0]!.uid });
    expect(JSON.parse(alert!.detail!)).toMatchObject({ kind: "clone", reasons: ["replayed"] });
    const listed = await db.selectFrom("alert_scans").select("scan_id").where("alert_id", "=", alert!.id).execute();
    expect(listed.map((r) => r.scan_id)).toContain(copy.verification.scanId);
    const announced = () => hooks.received.map((r) => JSON.parse(r.body)).find((body) => body.alert?.id === alert!.id);
    await until(() => Boolean(announced()), "the tap's alert.created");
    expect(announced()).toMatchObject({ event: "alert.created", alert: { id: alert!.id, kind: "clone", code: tags[0]!.uid } });

    // The other tag: genuine taps, one in the UAE, the next in France: a clone by distance.
    await tapped(tap(tags[1]!, 1), "CLONE-1", { country: "AE" });
    expect(await alertsFor(cloneSubject(await codeId(tags[1]!.uid)))).toEqual([]);
    await tapped(tap(tags[1]!, 2), "CLONE-1", { country: "FR" });
    const [far] = await alertsFor(cloneSubject(await codeId(tags[1]!.uid)));
    expect(JSON.parse(far!.detail!)).toMatchObject({ reasons: ["tap_countries"], countries: ["AE", "FR"] });
  });

  it("two NFC runs of one lot: a tap of the older run's tag is its own even where the newer run's key also reads its PICCData", async () => {
    const older = { uid: newUid(), metaReadKey: newKey(), fileReadKey: newKey() };
    await nfcRun("TWO-RUNS", [{ uid: older.uid, fileReadKey: older.fileReadKey }], older.metaReadKey);
    const newerMeta = newKey();
    await nfcRun("TWO-RUNS", [{ uid: newUid() }], newerMeta);
    // A tap of the older tag whose `e` the newer run's key (tried first) reads as PICCData too: once in 256 paddings.
    let url = tap(older, 1);
    while (decryptPiccData(Buffer.from(newerMeta, "hex"), Buffer.from(url.e, "hex")) === null) url = tap(older, 1);
    expect(await tapped(url, "TWO-RUNS")).toMatchObject({ reason: null, uid: older.uid, counter: 1 });
  });

  it("keeps every key sealed: none is in the database file or its WAL in clear; they open with the codes key", async () => {
    const tags = Array.from({ length: 20 }, () => ({ uid: newUid(), fileReadKey: newKey() }));
    const meta = newKey();
    const run = await nfcRun("SEALED-1", tags, meta);
    const generated = await nfcRun("SEALED-2", [{ uid: newUid() }, { uid: newUid() }]);
    const db = await getDb();
    const rows = await db.selectFrom("codes").select(["code_hash", "code_enc", "pack_serial"]).where("batch_id", "in", [run.id, generated.id]).orderBy("serial").execute();
    const opened = revealTags(rows);
    const made = opened.filter((t) => !tags.some((s) => s.uid === t.uid));
    expect(made).toHaveLength(2);
    expect(made.every((t) => /^[0-9A-F]{32}$/.test(t.fileReadKey))).toBe(true);
    const file = process.env.DATABASE_URL!.replace(/^file:/, "");
    if (!process.env.DATABASE_URL!.startsWith("file:")) return;
    const bytes = Buffer.concat([readFileSync(file), ...[`${file}-wal`].map((f) => { try { return readFileSync(f); } catch { return Buffer.alloc(0); } })]);
    for (const key of [meta, ...tags.map((t) => t.fileReadKey), ...made.map((t) => t.fileReadKey)]) {
      expect(bytes.includes(Buffer.from(key, "ascii")), key).toBe(false);
      expect(bytes.includes(Buffer.from(key.toLowerCase(), "ascii")), key).toBe(false);
      expect(bytes.includes(Buffer.from(key, "hex")), key).toBe(false);
    }
    // …while the UIDs are there (the search can fail).
    expect(bytes.includes(Buffer.from(tags[0]!.uid, "ascii"))).toBe(true);
  });
});
