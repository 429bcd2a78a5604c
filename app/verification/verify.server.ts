import type { TFunction } from "i18next";
import type { Transaction } from "kysely";
import type { RouterContextProvider } from "react-router";
import { getDb } from "@db/db.server";
import type { Database, ScanOutcome } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { clientAddress, clientHash } from "~/http/client.server";
import { asRateLimited, createLimiter } from "~/http/rate-limit.server";
import { formatDateTime } from "~/i18n/format";
import { requestLanguage } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { env } from "~/lib/env.server";
import { fail, ok, type Result } from "~/lib/result";
import { CheckSignals } from "~/protection/check-signals.server";
import { countryOf } from "~/protection/geoip.server";
import { formatCode, isStorableCode } from "./code-format";
import { findScan, MAX_SCAN_INPUT, newScanId, recordScan, type ScanRecord } from "./scans.server";
import { normalizeInput } from "./schemas";

/**
 * Every rule of a shopper's check lives here: normalise the input, apply the per-client limit,
 * consume the code atomically, record the scan. Pages and the JSON API call `checkCode`; result views
 * call `getVerification`. Nothing else writes to `scans` or consumes a code.
 */

export type Verification = {
  /** Unguessable id of the recorded scan: the result URL. */
  scanId: string;
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
};

export type CheckRequest = {
  input: unknown;
  lang: Language;
  /** Keyed hash of the client address (see request.server.ts). */
  clientHash: string;
  userAgent: string;
  /** The client's country (offline GeoIP; null for private or unknown addresses): never the address itself. */
  country?: string | null;
};

/** A check's outcome: the recorded verification, or a refusal (nothing to check, or past the limit). */
export type CheckAnswer = Result<Verification, "empty" | "rate_limited">;

/** Checks per client per minute: VERIFY_RATE_LIMIT. */
export const verifyLimiter = createLimiter("verify", () => env().VERIFY_RATE_LIMIT, 60);

/** The request's side of a check (language, keyed client hash, user agent), for the page and the API alike. */
export function checkRequest(request: Request, context: Readonly<RouterContextProvider>, input: unknown): CheckRequest {
  return {
    input,
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
  const input = normalizeInput(request.input);
  if (!input) return fail("empty");
  return new Promise<CheckAnswer>((resolve, reject) => {
    pending.push({ input, request, resolve, reject });
    if (!draining) void drain();
  });
}

/*
 * Group commit. A durable commit (synchronous=FULL) costs a disk flush, several milliseconds here,
 * and SQLite has one writer at a time: committing every check on its own would cap throughput at one
 * flush per check. Checks that arrive while a transaction is running wait and then run together in
 * the next one, each still its own conditional UPDATE in order, so the one-use rule is untouched; an
 * answer is given only after its transaction committed. A failed transaction fails (and rolls back)
 * only its own batch. The limiter's counter lives in the same database handle, so its write joins
 * the transaction too (better-sqlite3 nests it as a savepoint) instead of paying a flush of its own.
 */
type Job = { input: string; request: CheckRequest; resolve: (answer: CheckAnswer) => void; reject: (error: unknown) => void };
const MAX_BATCH = 64;
const pending: Job[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  try {
    const db = await getDb();
    while (pending.length > 0) {
      const batch = pending.splice(0, MAX_BATCH);
      try {
        // Brand protection's part (scan aggregates, signals, alerts) is written in the same
        // transaction; the webhook it may announce is sent after the commit, beside the requests.
        const signals = new CheckSignals();
        const answers = await db.transaction().execute(async (trx) => {
          const out: CheckAnswer[] = [];
          for (const job of batch) out.push(await checkOne(trx, job.input, job.request, signals));
          await signals.flush(trx);
          return out;
        });
        batch.forEach((job, i) => job.resolve(answers[i]!));
        signals.committed();
      } catch (error) {
        batch.forEach((job) => job.reject(error));
      }
    }
  } catch (error) {
    pending.splice(0).forEach((job) => job.reject(error));
  } finally {
    draining = false;
  }
}

async function checkOne(trx: Transaction<Database>, input: string, request: CheckRequest, signals: CheckSignals): Promise<CheckAnswer> {
  const limit = await verifyLimiter.consume(request.clientHash);
  if (!limit.allowed) {
    signals.limitHit(request.clientHash, limit.retryAfterSeconds);
    return asRateLimited(limit);
  }

  const now = new Date().toISOString();
  const scan: ScanRecord = {
    id: newScanId(),
    created_at: now,
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
  };

  // Input that could never have been stored cannot match: no lookup.
  if (isStorableCode(input)) {
    // The one-use rule: a single conditional UPDATE. Whichever check's statement runs first changes
    // the row (one affected row, returned); every later one, in this process or another, matches
    // nothing. Inside a write transaction the row read below is settled.
    const consumed = await trx
      .updateTable("codes")
      .set({ status: "expired", verified_at: now })
      .where("code", "=", input)
      .where("status", "=", "active")
      .returning(["id", "product_id", "verified_at"])
      .executeTakeFirst();

    if (consumed) {
      Object.assign(scan, { outcome: "valid", code_id: consumed.id, product_id: consumed.product_id, verified_at: consumed.verified_at });
    } else {
      const row = await trx
        .selectFrom("codes")
        .select(["id", "status", "product_id", "verified_at"])
        .where("code", "=", input)
        .executeTakeFirst();
      if (row) {
        if (row.status === "active") throw new Error("An active code was not consumed by its own UPDATE");
        scan.code_id = row.id;
        scan.product_id = row.product_id;
        scan.verified_at = row.verified_at;
        scan.outcome = row.status === "revoked" ? "revoked" : row.verified_at ? "used" : "expired";
      }
    }
  }
  await recordScan(trx, scan);
  signals.scan(scan);
  return ok(toVerification(scan));
}

function toVerification(scan: ScanRecord): Verification {
  return {
    scanId: scan.id,
    outcome: scan.outcome,
    isValid: scan.outcome === "valid",
    input: scan.input,
    code: scan.code_id ? scan.input : null,
    productId: scan.product_id,
    verifiedAt: scan.verified_at,
    checkedAt: scan.created_at,
    lang: scan.lang,
  };
}

/** The recorded result of an earlier check, for its result view. Never consumes anything. */
export async function getVerification(scanId: string): Promise<Verification | undefined> {
  const scan = await findScan(scanId);
  return scan ? toVerification(scan) : undefined;
}

/** The server's one-line answer, shown in the banner and sent as the API message. */
export function verificationMessage(t: TFunction<"verify">, verification: Verification, language: Language): string {
  const code = formatCode(verification.input);
  if (verification.isValid) return t("result.valid", { code });
  if (verification.outcome === "used" && verification.verifiedAt) {
    return t("result.used", { code, date: formatDateTime(verification.verifiedAt, language, { timeZone: "UTC" }) });
  }
  return t("result.invalid", { code });
}

export type VerifyApiData = {
  is_valid: boolean;
  code_details: {
    code: string;
    product: { id: string; name: string | null; name_ar: string | null };
    verified_at: string | null;
  } | null;
};

/**
 * The API's `data`. Details are given for a valid code and for an already used one (its product and
 * first verification date help a shopper spot a cloned label); an unknown, expired or revoked code
 * answers null, so a guess learns nothing beyond "not valid".
 */
export function verificationApiData(verification: Verification): VerifyApiData {
  if (!verification.code || (verification.outcome !== "valid" && verification.outcome !== "used")) {
    return { is_valid: false, code_details: null };
  }
  const product = verification.productId ? getProduct(verification.productId) : undefined;
  return {
    is_valid: verification.isValid,
    code_details: {
      code: verification.code,
      product: { id: verification.productId ?? "", name: product?.name ?? null, name_ar: product?.nameAr ?? null },
      verified_at: verification.verifiedAt,
    },
  };
}
