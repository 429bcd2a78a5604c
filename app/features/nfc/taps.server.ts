import type { Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { asRateLimited, type LimitResult } from "~/platform/http/rate-limit.server";
import { ok, type Result } from "~/platform/lib/result";
import type { z } from "~/platform/lib/zod";
import type { CheckRound } from "~/features/check/check-hook.server";
import { productOfGtin } from "~/features/packs/packs.server";
import { blankScan, inCheckTransaction, recallNotice, recorded, verifyLimiter, type CheckRequest, type Verification } from "~/features/check/verify.server";
import type { tapApiDataSchema, TapReason } from "./json";
import { openMetaKey, revealTags } from "~/platform/codes/tag-keys.server";
import type { TapInput } from "./schemas";
import { decryptPiccData, isTagMac, type PiccData } from "./sun.server";

/**
 * A tap of an NFC tag (issue 41, decision 196): the tag's URL `/01/{GTIN}/10/{lot}?e=…&c=…` opened on
 * a phone, or `POST /api/v1/nfc/verify/`. Before the check's queue (reads only): the NFC runs of that
 * product and lot, and `e` decrypted with each run's meta-read key until one reads as a tag's PICCData
 * (0xC7, the UID, the read counter). Then, in the check's own group-committed transaction and under
 * its per-client limit (`inCheckTransaction`, so the scan log, signals, alerts, daily figures and
 * metrics hear taps as they hear checks):
 *
 * 1. the tag's row (its UID in the run): none is `unknown_tag`;
 * 2. the MAC: the session key from SV2 under the tag's own key, the CMAC of the empty input, its odd
 *    bytes compared with `c` in constant time: another is `bad_mac` (nothing changes on the tag's row,
 *    so a forged link can never push the counter);
 * 3. a tag that is not active (its run revoked) is `revoked`;
 * 4. one conditional UPDATE: the counter is taken only when it is above every counter seen before
 *    (`tag_counter IS NULL OR tag_counter < ?`), with the tag's genuine taps counted and its first tap
 *    kept. Of any number of submissions of one URL at once, in any process or instance, exactly one
 *    changes the row: genuine. Every other one, and any later one with that counter or a lower one,
 *    is `replayed`: a link copied from a real tap.
 *
 * Each tap is a genuine answer as long as the tag's counter rises: a tag is tapped many times. The
 * scan is recorded as a check with `tap = 1` (shown as kind `tap`), the UID as its input and serial
 * and the tap's counter.
 */

export type TapRequest = Omit<CheckRequest, "code"> & TapInput;

export type Tap = {
  /** The tap as recorded (its scan id, outcome, product, run facts and recall). */
  verification: Verification;
  reason: TapReason | null;
  uid: string | null;
  counter: number | null;
  /** The tag's genuine taps so far, and its first genuine tap (ISO). */
  taps: number;
  firstTapAt: string | null;
};

type Run = { id: string; key: Buffer };

/** Runs' meta-read keys, opened once per process (a run's keys never change). */
const metaKeys = new Map<string, Buffer | null>();

/** The NFC runs of a product and lot, newest first, with their meta-read keys. */
async function nfcRuns(productId: string, lot: string): Promise<Run[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("batches")
    .select(["id", "nfc_meta_key_enc"])
    .where("product_id", "=", productId)
    .where("lot", "=", lot)
    .where("label_kind", "=", "nfc")
    .orderBy("created_at", "desc")
    .execute();
  const runs: Run[] = [];
  for (const row of rows) {
    if (!metaKeys.has(row.id)) metaKeys.set(row.id, openMetaKey(row.nfc_meta_key_enc));
    const key = metaKeys.get(row.id);
    if (key) runs.push({ id: row.id, key });
  }
  return runs;
}

/**
 * The run whose meta-read key reads `e` as a tag's PICCData, and what it says; null when none does.
 * Another run's key reads any `e` as PICCData once in 256 (its first byte 0xC7 by chance): where
 * several runs of the lot read it, the one that has a tag of that UID is the tag's.
 */
async function readPicc(runs: readonly Run[], e: Buffer): Promise<{ run: Run; picc: PiccData } | null> {
  const reads = runs.flatMap((run) => {
    const picc = decryptPiccData(run.key, e);
    return picc ? [{ run, picc }] : [];
  });
  if (reads.length < 2) return reads[0] ?? null;
  const db = await getDb();
  const owners = await db
    .selectFrom("codes")
    .select(["batch_id", "pack_serial"])
    .where("batch_id", "in", reads.map((read) => read.run.id))
    .where("pack_serial", "in", reads.map((read) => read.picc.uid))
    .execute();
  return reads.find((read) => owners.some((o) => o.batch_id === read.run.id && o.pack_serial === read.picc.uid)) ?? reads[0]!;
}

/** One tap: recorded and answered, or refused past the client's verification limit (nothing recorded). */
export async function tapTag(request: TapRequest): Promise<Result<Tap, "rate_limited">> {
  const product = productOfGtin(request.gtin);
  const read = product ? await readPicc(await nfcRuns(product.id, request.lot), Buffer.from(request.e, "hex")) : null;
  // Taps of one tag in one batch run in arrival order; an unreadable one names no row.
  const key = read ? `tag:${read.picc.uid}` : `tag:?${request.e}`;
  return inCheckTransaction(key, (trx, rounds, limit) => tapOne(trx, request, product?.id ?? null, read, rounds, limit!), {
    // A tap is a check: it counts against the client's verification limit, and a refusal is heard as one.
    limit: { limiter: verifyLimiter, key: request.clientHash },
    readsScans: false,
  });
}

function refused(limit: { allowed: false; retryAfterSeconds: number }, clientHash: string, rounds: readonly CheckRound[]) {
  rounds.forEach((round) => round.limitHit(clientHash, limit.retryAfterSeconds, "checks"));
  return asRateLimited(limit);
}

async function tapOne(
  trx: Transaction<Database>,
  request: TapRequest,
  productId: string | null,
  read: { run: Run; picc: PiccData } | null,
  rounds: readonly CheckRound[],
  limit: LimitResult,
): Promise<Result<Tap, "rate_limited">> {
  if (!limit.allowed) return refused(limit, request.clientHash, rounds);
  const uid = read?.picc.uid ?? null;
  const counter = read?.picc.counter ?? null;
  const scan = blankScan(uid ?? request.e, request, "check", uid);
  Object.assign(scan, { tap: 1, tag_counter: counter, product_id: productId, batch_id: read?.run.id ?? null });
  const answer = async (reason: TapReason | null, taps = 0): Promise<Tap> => ({ verification: await recorded(trx, scan, rounds), reason, uid, counter, taps, firstTapAt: scan.verified_at });

  const tag = read
    ? await trx
        .selectFrom("codes")
        .select(["id", "status", "code_hash", "code_enc", "product_id", "verified_at", "tag_taps"])
        .where("pack_serial", "=", read.picc.uid)
        .where("batch_id", "=", read.run.id)
        .executeTakeFirst()
    : undefined;
  if (!read || !tag) return ok(await answer("unknown_tag"));
  Object.assign(scan, { code_id: tag.id, product_id: tag.product_id, verified_at: tag.verified_at });
  const fileReadKey = Buffer.from(revealTags([tag])[0]!.fileReadKey, "hex");
  if (!isTagMac(fileReadKey, read.picc.uid, read.picc.counter, Buffer.from(request.c, "hex"))) return ok(await answer("bad_mac", Number(tag.tag_taps)));
  if (tag.status !== "active") {
    scan.outcome = "revoked";
    return ok(await answer("revoked", Number(tag.tag_taps)));
  }

  const taken = await trx
    .updateTable("codes")
    .set((eb) => ({ tag_counter: read.picc.counter, tag_taps: eb("tag_taps", "+", 1), verified_at: eb.fn.coalesce("verified_at", eb.val(scan.created_at)) }))
    .where("id", "=", tag.id)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("tag_counter", "is", null), eb("tag_counter", "<", read.picc.counter)]))
    .returning(["tag_taps", "verified_at"])
    .executeTakeFirst();
  if (taken) {
    Object.assign(scan, { outcome: "valid", verified_at: taken.verified_at });
    return ok(await answer(null, Number(taken.tag_taps)));
  }
  // Settled inside the write transaction: a counter seen before (or the run revoked meanwhile).
  const now = await trx.selectFrom("codes").select(["status", "verified_at", "tag_taps"]).where("id", "=", tag.id).executeTakeFirstOrThrow();
  Object.assign(scan, { outcome: now.status === "active" ? "used" : "revoked", verified_at: now.verified_at });
  return ok(await answer(now.status === "active" ? "replayed" : "revoked", Number(now.tag_taps)));
}

export type TapApiData = z.infer<typeof tapApiDataSchema>;

/**
 * The API's `data` for a tap. The product, lot, best-before day and recall are told for a genuine tap
 * and for a replayed one (a copied link of a real tag: the shopper learns what it was copied from);
 * a forged, unknown or revoked tag answers them null.
 */
export function tapApiData(tap: Tap): TapApiData {
  const { verification } = tap;
  const told = verification.isValid || tap.reason === "replayed";
  const product = told && verification.productId ? getProduct(verification.productId) : undefined;
  return {
    is_valid: verification.isValid,
    reason: tap.reason,
    uid: tap.uid,
    counter: tap.counter,
    product: product ? { id: product.id, name: product.name, name_ar: product.nameAr } : null,
    lot: told ? (verification.batch?.lot ?? null) : null,
    best_before: told ? (verification.batch?.bestBefore ?? null) : null,
    first_tap_at: tap.firstTapAt,
    taps: tap.taps,
    recall: told ? recallNotice(verification) : null,
    scan_id: verification.scanId,
  };
}

/** The product of a GTIN whose lot has an NFC run (its lot-level link is the tags' companion QR: the product page says "tap the tag"), else null. */
export async function isNfcLot(gtin: string, lot: string): Promise<string | null> {
  const product = productOfGtin(gtin);
  if (!product) return null;
  const db = await getDb();
  const run = await db.selectFrom("batches").select("id").where("product_id", "=", product.id).where("lot", "=", lot).where("label_kind", "=", "nfc").executeTakeFirst();
  return run ? product.id : null;
}

/** A tap's genuine taps of its tag up to and including it, from the scan log: what its result page says, the same on every reload. */
export async function tapsUpTo(scan: { code_id: string | null; created_at: string }): Promise<number> {
  if (!scan.code_id) return 0;
  const db = await getDb();
  const row = await db
    .selectFrom("scans")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("code_id", "=", scan.code_id)
    .where("created_at", "<=", scan.created_at)
    .where("tap", "=", 1)
    .where("outcome", "=", "valid")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
