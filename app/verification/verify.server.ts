import type { Kysely, Transaction } from "kysely";
import type { RouterContextProvider } from "react-router";
import { commitThenFlush } from "@db/commit.server";
import { getDb } from "@db/db.server";
import type { Database, ScanKind, ScanOutcome } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { clientAddress, clientHash } from "~/http/client.server";
import { countryOf } from "~/http/geoip.server";
import { asRateLimited, createLimiter, type Limiter, type LimitResult } from "~/http/rate-limit.server";
import { requestLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { env } from "~/lib/env.server";
import { fail, ok, type Result } from "~/lib/result";
import { openCheckRounds, type CheckRound } from "./check-listeners.server";
import { isPinShaped, isStorableCode } from "./code-format";
import { isGenuineOutcome, recallFacts, shownOutcome, type RecallFacts } from "./recall";
import { codeHash } from "./code-store.server";
import type { z } from "~/lib/zod";
import type { verifyApiDataSchema } from "./json";
import { findScan, MAX_SCAN_INPUT, newScanId, recordScans, type ScanRecord } from "./scans.server";

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
  /** Keyed hash of the client address (`clientHash` in app/http/client.server.ts). */
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
  return new Promise<T>((resolve, reject) => {
    pending.push({ key, step, limit: options.limit, readsScans: options.readsScans ?? true, resolve: resolve as (answer: unknown) => void, reject });
    if (!draining) scheduleDrain();
  });
}

/*
 * Group commit. A durable commit (synchronous=FULL) costs a disk flush, several milliseconds here,
 * and SQLite has one writer at a time: committing every check on its own would cap throughput at one
 * flush per check. Checks that arrive while a transaction is running wait and then run together in
 * the next one, each still its own conditional UPDATE in order, so the one-use rule is untouched; an
 * answer is given only after its transaction committed and reached the disk, whose flush runs off the
 * event loop while the next batch is checked (`commitThenFlush`, decision 135). A batch starts on
 * the event loop's next turn (`setImmediate`), never at once: on SQLite a transaction runs without
 * giving the event loop a turn, so a batch started at the first check's arrival held that check
 * alone and every check paid a transaction of its own (a `COMMIT`, the write lock's pragmas, the
 * daily totals' upserts and a flush; decision 175). Waiting one turn lets every check whose request
 * was read in the same turn join. A failed transaction fails (and rolls back) only its own batch. On SQLite the limiter's counter lives in the same database handle, so its write
 * joins the transaction too (better-sqlite3 nests it as a savepoint) instead of paying a flush of its
 * own; on PostgreSQL it is counted on another pooled connection, the batch's checks in one statement
 * (`CheckOptions`, decision 198). Each worker and each instance has
 * its own queue; the one-use rule holds across them because it is the database's conditional UPDATE.
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
type Job = {
  key: string;
  step: CheckStep<unknown>;
  limit: CheckOptions["limit"];
  readsScans: boolean;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
};
const MAX_BATCH = 64;
const pending: Job[] = [];
let draining = false;

/** The next batch, on the event loop's next turn (see above). */
function scheduleDrain(): void {
  draining = true;
  setImmediate(() => void drain());
}

const compareInputs = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Runs one batch of the waiting checks; the next one, if any is waiting, on the next turn. */
async function drain(): Promise<void> {
  const batch = pending.splice(0, MAX_BATCH);
  try {
    // Codes in one order in every batch: on PostgreSQL, batches of two instances then take their
    // row locks in the same order and can never wait for each other crosswise (a deadlock).
    // What other features add to the check (brand protection's scan aggregates, signals and
    // alerts: check-listeners.server.ts) is written in the same transaction; the webhook it may
    // announce is sent after the commit, beside the requests.
    const order = batch.map((_, i) => i).sort((a, b) => compareInputs(batch[a]!.key, batch[b]!.key) || a - b);
    const rounds = openCheckRounds();
    const { value: answers, durable } = await commitThenFlush(async (trx) => {
      const out: unknown[] = new Array(batch.length);
      const limits = await countLimits(batch, order);
      unwrittenScans.set(trx, []);
      for (const i of order) {
        const job = batch[i]!;
        if (job.readsScans) await writeScans(trx);
        out[i] = await job.step(trx, rounds, limits[i]);
      }
      await writeScans(trx);
      unwrittenScans.delete(trx);
      for (const round of rounds) await round.flush(trx);
      return out;
    });
    // Answered once the commit is on disk; the next batch runs while the disk flushes this one.
    durable.then(
      () => {
        batch.forEach((job, i) => job.resolve(answers[i]));
        for (const round of rounds) round.committed();
      },
      (error: unknown) => batch.forEach((job) => job.reject(error)),
    );
  } catch (error) {
    batch.forEach((job) => job.reject(error));
  } finally {
    if (pending.length > 0) scheduleDrain();
    else draining = false;
  }
}

/** The limits of a batch's steps, counted in the batch's order, one `consumeEach` per limiter: by the job's index. */
async function countLimits(batch: readonly Job[], order: readonly number[]): Promise<(LimitResult | undefined)[]> {
  const limits: (LimitResult | undefined)[] = new Array(batch.length);
  const byLimiter = new Map<Limiter, number[]>();
  for (const i of order) {
    const limit = batch[i]!.limit;
    if (!limit) continue;
    const jobs = byLimiter.get(limit.limiter);
    if (jobs) jobs.push(i);
    else byLimiter.set(limit.limiter, [i]);
  }
  for (const [limiter, jobs] of byLimiter) {
    const results = await limiter.consumeEach(jobs.map((i) => batch[i]!.limit!.key));
    jobs.forEach((i, n) => (limits[i] = results[n]));
  }
  return limits;
}

/** Scans recorded in a batch's transaction and not yet written (see `CheckOptions`). */
const unwrittenScans = new WeakMap<Transaction<Database>, ScanRecord[]>();

/** Writes the batch's recorded scans not yet written, in one INSERT. */
async function writeScans(trx: Transaction<Database>): Promise<void> {
  const scans = unwrittenScans.get(trx);
  if (!scans || scans.length === 0) return;
  unwrittenScans.set(trx, []);
  await recordScans(trx, scans);
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
  const unwritten = unwrittenScans.get(trx);
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
