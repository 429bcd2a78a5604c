import type { Kysely, Transaction } from "kysely";
import type { RouterContextProvider } from "react-router";
import { getDb } from "@db/db.server";
import { groupCommit } from "@db/group-commit.server";
import type { Database, ScanKind, ScanOutcome } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { clientAddress, clientHash } from "~/platform/http/client.server";
import { countryOf } from "~/platform/http/geoip.server";
import { asRateLimited, createLimiter, type Limiter, type LimitResult } from "~/platform/http/rate-limit.server";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { env } from "~/platform/lib/env.server";
import { fail, ok, type RateLimited, type Result } from "~/platform/lib/result";
import { openCheckRounds, type CheckRound } from "./check-hook.server";
import { isPinShaped, isStorableCode } from "~/platform/codes/code-format";
import { isGenuineOutcome, recallFacts, shownOutcome, type RecallFacts } from "~/platform/codes/outcomes";
import { codeHash } from "~/platform/codes/code-store.server";
import type { z } from "~/platform/lib/zod";
import type { verifyApiDataSchema } from "./json";
import { findScan, MAX_SCAN_INPUT, newScanId, recordScans, type ScanRecord } from "./scan-writer.server";

/**
 * Every rule of a shopper's check lives here (the input arrives normalised by `verifySchema`, the one
 * place that normalises a shopper's input): apply the per-client limit,
 * consume the code atomically, record the scan. Pages and the JSON API call `checkCode`; result views
 * call `getVerification`. Nothing else writes to `scans` or consumes a code: a two-part pack's view
 * and PIN redemption (packs.server.ts) run through this module's queue (`inCheckTransaction`), its
 * one-use rule (`consumeOrRead`) and its scan record (`blankScan`, `recorded`).
 */

export type Verification = {
  /** Unguessable id of the recorded scan: the result URL. */
  scanId: string;
  /** `check` (a code checked, a PIN redeemed) or `view` (a pack's public page). */
  kind: ScanKind;
  /** The pack serial a view or a redemption named; null for a code's check. */
  packSerial: string | null;
  outcome: ScanOutcome;
  isValid: boolean;
  /** The normalised input (equal to the stored code when one matched). */
  input: string;
  /** The matched code, or null when nothing matched. */
  code: string | null;
  productId: string | null;
  /** When the code was first verified: by this check for "valid", by an earlier one for "used". */
  verifiedAt: string | null;
  checkedAt: string;
  lang: string;
  /** The print run of the matched code: its lot, best-before date (YYYY-MM-DD) and open recall, or null. */
  batch: BatchFacts | null;
  /** A genuine code checked after its run's best-before day: that day (YYYY-MM-DD); else null. */
  pastBestBefore: string | null;
  /** A wrong PIN on a pack we made (`wrong_pin`): how many more this client may enter for it today; else null. */
  attemptsLeft: number | null;
};

export type BatchFacts = { id: string; lot: string; bestBefore: string | null; recall: RecallFacts | null };

export type CheckRequest = {
  /** What the shopper typed, as `verifySchema` (or `normalizeInput`) normalised it. */
  code: string;
  lang: Language;
  /** Keyed hash of the client address (`clientHash` in app/platform/http/client.server.ts). */
  clientHash: string;
  userAgent: string;
  /** The client's country (offline GeoIP; null for private or unknown addresses): never the address itself. */
  country?: string | null;
};

/**
 * A check's outcome: the recorded verification, or a refusal: nothing to check, past the limit, or
 * `pin`, a PIN typed where a code goes (known by its shape, decision 165: nothing consumed or recorded).
 */
export type CheckAnswer = Result<Verification, "empty" | "rate_limited" | "pin">;

/** Checks per client per minute: VERIFY_RATE_LIMIT. */
export const verifyLimiter = createLimiter("verify", () => env().VERIFY_RATE_LIMIT, 60);

/** The request's side of a check (language, keyed client hash, user agent), for the page and the API alike. */
export function checkRequest(request: Request, context: Readonly<RouterContextProvider>, code: string): CheckRequest {
  return {
    code,
    lang: requestLanguage(context),
    clientHash: clientHash(request),
    userAgent: request.headers.get("user-agent") ?? "",
    country: countryOf(clientAddress(request)),
  };
}

/**
 * One shopper's check. Empty input is refused before anything is counted; past the limit nothing is
 * recorded; otherwise the outcome is decided and the scan recorded in a write transaction.
 */
export async function checkCode(request: CheckRequest): Promise<CheckAnswer> {
  const input = request.code;
  if (!input) return fail("empty");
  return inCheckTransaction(input, (trx, rounds, limit) => checkOne(trx, input, request, rounds, limit!), {
    limit: { limiter: verifyLimiter, key: request.clientHash },
    readsScans: false,
  });
}

/**
 * Runs `step` in the next group-committed check transaction, with the check hook's rounds, and
 * answers once that transaction is on disk. Every write a shopper's request makes to codes and scans
 * goes through here (a code's check; a pack's view and PIN redemption, packs.server.ts), so all of
 * them share one queue, one transaction per batch and the one-use rule's conditional UPDATE. `key`
 * orders the steps of a batch: the same key for steps that touch the same code row.
 */
export function inCheckTransaction<T>(key: string, step: CheckStep<T>, options: CheckOptions = {}): Promise<T> {
  return checkQueue.run(key, (trx, batch, n) => step(trx, batch.rounds, batch.limits[n]), options);
}

/*
 * The check's group-commit queue (db/group-commit.server.ts). What other features add to the check
 * (brand protection's scan aggregates, signals and alerts: check-hook.server.ts) is written in the
 * batch's transaction; the webhook it may announce is sent after the commit, beside the requests. On
 * SQLite the limiter's counter lives in the same database handle, so its write joins the transaction
 * too (better-sqlite3 nests it as a savepoint) instead of paying a flush of its own; on PostgreSQL it
 * is counted on another pooled connection, the batch's checks in one statement (`CheckOptions`,
 * decision 198).
 */
export type CheckStep<T> = (trx: Transaction<Database>, rounds: readonly CheckRound[], limit: LimitResult | undefined) => Promise<T>;

/**
 * How a step joins its batch (decision 198). `limit`: the per-client limit the step counts against
 * before anything else, counted for every such step of the batch at once when the batch begins (one
 * statement on PostgreSQL, on the pool as the limiter's own upsert; on SQLite each upsert joins the
 * transaction as before); the step gets the result as `limit`. `readsScans: false`: the step never
 * reads the scan log, so the scans recorded before it may wait and be written with the rest of the
 * batch's in one INSERT; a step that may read it (the default) has them written first.
 */
export type CheckOptions = { limit?: { limiter: Limiter; key: string }; readsScans?: boolean };

/** What a batch's steps share: the check hook's rounds, their limits (by position), the scans not yet written. */
type CheckBatch = { rounds: CheckRound[]; limits: (LimitResult | undefined)[]; unwritten: ScanRecord[] };

const checkQueue = groupCommit<CheckBatch, CheckOptions>({
  open: async (_trx, options) => ({ rounds: openCheckRounds(), limits: await countLimits(options), unwritten: [] }),
  beforeStep: async (trx, batch, options) => {
    if (options.readsScans ?? true) await writeScans(trx, batch);
  },
  beforeCommit: async (trx, batch) => {
    await writeScans(trx, batch);
    for (const round of batch.rounds) await round.flush(trx);
  },
  committed: (batch) => {
    for (const round of batch.rounds) round.committed();
  },
});

/** The limits of a batch's steps, counted in the batch's order, one `consumeEach` per limiter: by the step's position. */
async function countLimits(options: readonly CheckOptions[]): Promise<(LimitResult | undefined)[]> {
  const limits: (LimitResult | undefined)[] = new Array(options.length);
  const byLimiter = new Map<Limiter, number[]>();
  options.forEach(({ limit }, n) => {
    if (!limit) return;
    const steps = byLimiter.get(limit.limiter);
    if (steps) steps.push(n);
    else byLimiter.set(limit.limiter, [n]);
  });
  for (const [limiter, steps] of byLimiter) {
    const results = await limiter.consumeEach(steps.map((n) => options[n]!.limit!.key));
    steps.forEach((n, i) => (limits[n] = results[i]));
  }
  return limits;
}

/** Writes the batch's recorded scans not yet written, in one INSERT. */
async function writeScans(trx: Transaction<Database>, batch: CheckBatch): Promise<void> {
  if (batch.unwritten.length === 0) return;
  const scans = batch.unwritten.splice(0);
  await recordScans(trx, scans);
}

/** The per-client limit of checks (codes and PINs alike) for a step that counts it itself (the PIN's redemption): the refusal, or null. */
export async function overCheckLimit(request: Pick<CheckRequest, "clientHash">, rounds: readonly CheckRound[]): Promise<RateLimited | null> {
  const limit = await verifyLimiter.consume(request.clientHash);
  if (limit.allowed) return null;
  for (const round of rounds) round.limitHit(request.clientHash, limit.retryAfterSeconds, "checks");
  return asRateLimited(limit);
}

async function checkOne(trx: Transaction<Database>, input: string, request: CheckRequest, rounds: readonly CheckRound[], limit: LimitResult): Promise<CheckAnswer> {
  if (!limit.allowed) {
    for (const round of rounds) round.limitHit(request.clientHash, limit.retryAfterSeconds, "checks");
    return asRateLimited(limit);
  }

  const scan = blankScan(input, request, "check");
  // Input that could never have been stored cannot match: no lookup. Codes are found by their keyed
  // hash; the database never holds one in plain text (decision 081).
  if (isStorableCode(input)) await consumeOrRead(trx, codeHash(input), scan);
  // A PIN typed where a code goes (its shape, whether or not such a PIN exists: a PIN alone names no
  // pack) is a mistake to correct, not a verdict; nothing consumed, nothing recorded (decision 165).
  // A code of that shape made before the rule was checked above as any code is.
  if (scan.outcome === "unknown" && isPinShaped(input)) return fail("pin");
  return ok(await recorded(trx, scan, rounds));
}

/**
 * The one-use rule, for codes and packs alike: a single conditional UPDATE of the row stored under
 * `hash`. Whichever statement runs first changes the row (one affected row, returned): the scan is
 * `valid`. Every later one, in this process or another, matches nothing and reads the row, settled
 * inside the write transaction: `used`, `expired` or `revoked`. No row: the scan stays `unknown`.
 */
export async function consumeOrRead(trx: Transaction<Database>, hash: string, scan: ScanRecord): Promise<void> {
  const consumed = await trx
    .updateTable("codes")
    .set({ status: "expired", verified_at: scan.created_at })
    .where("code_hash", "=", hash)
    .where("status", "=", "active")
    .returning(["id", "product_id", "verified_at", "batch_id"])
    .executeTakeFirst();
  if (consumed) {
    Object.assign(scan, { outcome: "valid", code_id: consumed.id, product_id: consumed.product_id, verified_at: consumed.verified_at, batch_id: consumed.batch_id });
    return;
  }
  const row = await trx.selectFrom("codes").select(["id", "status", "product_id", "verified_at", "batch_id"]).where("code_hash", "=", hash).executeTakeFirst();
  if (!row) return;
  if (row.status === "active") throw new Error("An active code was not consumed by its own UPDATE");
  scan.code_id = row.id;
  scan.product_id = row.product_id;
  scan.verified_at = row.verified_at;
  scan.batch_id = row.batch_id;
  scan.outcome = row.status === "revoked" ? "revoked" : row.verified_at ? "used" : "expired";
}

/** A scan of `input` by the request's client, matching nothing yet (outcome `unknown`). */
export function blankScan(input: string, request: Omit<CheckRequest, "code">, kind: ScanKind, packSerial: string | null = null): ScanRecord {
  return {
    id: newScanId(),
    created_at: new Date().toISOString(),
    input: input.slice(0, MAX_SCAN_INPUT),
    code_id: null,
    outcome: "unknown",
    lang: request.lang,
    client_hash: request.clientHash,
    user_agent: request.userAgent,
    product_id: null,
    verified_at: null,
    country: request.country ?? null,
    batch_id: null,
    kind,
    pack_serial: packSerial,
    recalled: 0,
    wrong_pin: 0,
    tap: 0,
    tag_counter: null,
  };
}

/**
 * Records the scan, hands it to the check hook's rounds, and answers it as a verification. A check
 * that consumed a code of a run under an open recall is recorded as such (`recalled`, decision 153),
 * read in the same transaction as the consumption; a view of a pack's page never is.
 */
export async function recorded(trx: Transaction<Database>, scan: ScanRecord, rounds: readonly CheckRound[]): Promise<Verification> {
  const batch = await batchFacts(trx, scan.batch_id);
  if (scan.kind === "check" && scan.outcome === "valid" && batch?.recall) scan.recalled = 1;
  // In a batch, written with the batch's other scans (`CheckOptions`); outside one, now.
  const unwritten = checkQueue.batchOf(trx)?.unwritten;
  if (unwritten) unwritten.push(scan);
  else await recordScans(trx, [scan]);
  for (const round of rounds) round.scan(scan);
  return toVerification(scan, batch);
}

/** The lot and best-before date of a print run (runs are never deleted, and these never change), and its open recall. */
export async function batchFacts(db: Kysely<Database>, batchId: string | null): Promise<BatchFacts | null> {
  if (!batchId) return null;
  const row = await db
    .selectFrom("batches")
    .select(["id", "lot", "best_before", "recall_since", "recall_lifted_at", "recall_notice_en", "recall_notice_ar", "recall_hazard_en", "recall_hazard_ar", "recall_remedy_en", "recall_remedy_ar"])
    .where("id", "=", batchId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, lot: row.lot, bestBefore: row.best_before, recall: recallFacts(row) };
}

/** True when the product was checked after its best-before day (UTC): still genuine, but past its date. */
export function isPastBestBefore(verification: Pick<Verification, "batch" | "checkedAt">): boolean {
  const bestBefore = verification.batch?.bestBefore;
  return Boolean(bestBefore) && verification.checkedAt.slice(0, 10) > bestBefore!;
}

function toVerification(scan: ScanRecord, batch: BatchFacts | null): Verification {
  const outcome = shownOutcome(scan);
  return {
    scanId: scan.id,
    kind: scan.kind,
    packSerial: scan.pack_serial,
    outcome,
    isValid: isGenuineOutcome(outcome),
    input: scan.input,
    code: scan.code_id ? scan.input : null,
    productId: scan.product_id,
    verifiedAt: scan.verified_at,
    checkedAt: scan.created_at,
    lang: scan.lang,
    batch,
    pastBestBefore: isGenuineOutcome(outcome) && isPastBestBefore({ batch, checkedAt: scan.created_at }) ? batch!.bestBefore : null,
    attemptsLeft: null,
  };
}

/** The recorded result of an earlier check, for its result view. Never consumes anything. */
export async function getVerification(scanId: string): Promise<Verification | undefined> {
  const scan = await findScan(scanId);
  if (!scan) return undefined;
  return toVerification(scan, await batchFacts(await getDb(), scan.batch_id));
}

export type VerifyApiData = z.infer<typeof verifyApiDataSchema>;

/**
 * The API's `data`. Details are given for a valid code and for an already used one (its product and
 * first verification date help a shopper spot a cloned label); an unknown, expired or revoked code
 * answers null, so a guess learns nothing beyond "not valid". `reason` is null but for a wrong PIN on
 * a pack we made (`wrong_pin`, decision 165).
 */
export function verificationApiData(verification: Verification): VerifyApiData {
  const reason = verification.outcome === "wrong_pin" ? ("wrong_pin" as const) : null;
  if (!verification.code || (!isGenuineOutcome(verification.outcome) && verification.outcome !== "used")) {
    return { is_valid: false, reason, code_details: null };
  }
  const product = verification.productId ? getProduct(verification.productId) : undefined;
  return {
    is_valid: verification.isValid,
    reason,
    code_details: {
      code: verification.code,
      product: { id: verification.productId ?? "", name: product?.name ?? null, name_ar: product?.nameAr ?? null },
      verified_at: verification.verifiedAt,
      lot: verification.batch?.lot ?? null,
      best_before: verification.batch?.bestBefore ?? null,
      past_best_before: isPastBestBefore(verification),
      recall: recallNotice(verification),
    },
  };
}

/**
 * The open recall of a checked pack's run, its notice, hazard and remedy in the check's language (Arabic
 * or English; the hazard and remedy "" for a recall made before decision 191); null when none.
 */
export function recallNotice(verification: Pick<Verification, "batch" | "lang">): { since: string; notice: string; hazard: string; remedy: string } | null {
  const recall = verification.batch?.recall;
  if (!recall) return null;
  const lang = verification.lang === "ar" ? "ar" : "en";
  return { since: recall.since, notice: recall[lang], hazard: recall.hazard[lang], remedy: recall.remedy[lang] };
}
