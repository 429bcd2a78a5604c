import type { Kysely, Transaction } from "kysely";
import type { RouterContextProvider } from "react-router";
import { getDb } from "@db/db.server";
import { lockForUpdate } from "@db/portable";
import type { Database, StoredScanOutcome } from "@db/schema";
import { getProduct, products } from "~/catalog/catalog";
import type { Product } from "~/catalog/types";
import { asRateLimited, createLimiter } from "~/http/rate-limit.server";
import { env } from "~/lib/env.server";
import { fail, ok, rateLimited, type Result } from "~/lib/result";
import type { CheckRound } from "./check-listeners.server";
import { CODE_PASTE_MAX, isPackSerial, isPin, LEGACY_PIN_LENGTH, normalizeCode } from "./code-format";
import { packHash } from "./code-store.server";
import { digitalLinkUrl, toGtin14 } from "./digital-link";
import { packStateOf, type PackState } from "./pack-state";
import type { z } from "~/lib/zod";
import type { packJsonSchema } from "./json";
import { isScanId, MAX_SCAN_INPUT } from "./scans.server";
import { blankScan, checkRequest, consumeOrRead, inCheckTransaction, recorded, verifyLimiter, type CheckAnswer, type CheckRequest, type Verification } from "./verify.server";

/**
 * Two-part packs (issue 27): a pack is a row of `codes` with a public serial (`pack_serial`) and a
 * secret PIN (its `code_hash` is the keyed hash of `SERIAL/PIN`, code-store.server.ts). Its public
 * page reads it (`findPack`) and logs a view (`viewPack`, never consumes); the buyer redeems the PIN
 * once (`redeemPack`). Views and redemptions are written through the check's own group-commit queue
 * and transaction (`inCheckTransaction`, verify.server.ts), so the check hook's listeners (the scan
 * aggregates, signals and alerts) hear them as they hear checks, and a redemption consumes through
 * the check's one conditional UPDATE (`consumeOrRead`): of any number at once exactly one wins.
 */


/** A pack as its public page and the API show it. Never its PIN. */
export type Pack = {
  serial: string;
  state: PackState;
  /** When its PIN was redeemed, and the country the redemption came from (null when unknown). */
  verifiedAt: string | null;
  country: string | null;
  productId: string;
  lot: string;
  /** YYYY-MM-DD, or null. */
  bestBefore: string | null;
  batchId: string;
  /** How many characters its PIN has: 9, or 8 for runs made before decision 165. */
  pinLength: number;
  /** The pack's row in `codes` (for the scan log and alerts; never shown to shoppers). */
  codeId: string;
};

/** Wrong PINs a client may enter for one serial within WRONG_PIN_WINDOW_MS; past them it is refused (never locked for others). */
export const WRONG_PINS_PER_SERIAL = 5;
export const WRONG_PIN_WINDOW_MS = 24 * 3_600_000;

/** A serial as typed, scanned or taken from a URL, normalised by the code rules (`normalizeCode`). */
export function normalizeSerial(input: string): string {
  return normalizeCode(input.slice(0, CODE_PASTE_MAX)).slice(0, MAX_SCAN_INPUT);
}

type Reader = Kysely<Database> | Transaction<Database>;

async function readPack(db: Reader, serial: string, { lock = false } = {}): Promise<Pack | null> {
  if (!isPackSerial(serial)) return null;
  const row = await db
    .selectFrom("codes")
    .innerJoin("batches", "batches.id", "codes.batch_id")
    .select([
      "codes.id as code_id",
      "codes.status",
      "codes.verified_at",
      "codes.product_id",
      "batches.id as batch_id",
      "batches.lot",
      "batches.best_before",
      "batches.status as batch_status",
      "batches.pin_length",
    ])
    .where("codes.pack_serial", "=", serial)
    .$if(lock, (qb) => qb.$call(lockForUpdate(db, "codes")))
    .executeTakeFirst();
  if (!row) return null;
  const state = packStateOf(row, row.batch_status === "active");
  let country: string | null = null;
  if (row.verified_at) {
    const redemption = await db
      .selectFrom("scans")
      .select("country")
      .where("code_id", "=", row.code_id)
      .where("outcome", "=", "valid")
      .where("kind", "=", "check")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
    country = redemption?.country ?? null;
  }
  return {
    serial,
    state,
    verifiedAt: row.verified_at,
    country,
    productId: row.product_id,
    lot: row.lot,
    bestBefore: row.best_before,
    batchId: row.batch_id,
    pinLength: row.pin_length ?? LEGACY_PIN_LENGTH,
    codeId: row.code_id,
  };
}

/** The pack of a serial (typed or from a URL, normalised here), or null when no pack has it. Consumes and records nothing. */
export async function findPack(serial: string): Promise<Pack | null> {
  return readPack(await getDb(), normalizeSerial(serial));
}

/**
 * A pack's GS1 Digital Link URI (what its QR code carries): `SITE/01/{GTIN-14}/10/{lot}/21/{serial}`
 * with `?17=YYMMDD` when the run has a best-before day; `siteUrl` "" gives the path alone. Null when
 * its product has no GTIN or its lot is not one GS1 can carry (never for a two-part run's pack).
 */
export function packDigitalLink(siteUrl: string, pack: { productId: string; lot: string; serial: string; bestBefore: string | null }): string | null {
  const gtin = getProduct(pack.productId)?.gtin;
  if (!gtin) return null;
  try {
    return digitalLinkUrl(siteUrl, { gtin, lot: pack.lot, serial: pack.serial, bestBefore: pack.bestBefore });
  } catch {
    return null;
  }
}

/** A pack as the API answers it (`GET /api/v1/packs/{serial}/`): null where unknown; never its PIN. */
type PackApiData = z.infer<typeof packJsonSchema>;

export function packApiData(pack: Pack): PackApiData {
  const product = getProduct(pack.productId);
  return {
    serial: pack.serial,
    state: pack.state,
    verified_at: pack.verifiedAt,
    country: pack.country,
    product: { id: pack.productId, name: product?.name ?? null, name_ar: product?.nameAr ?? null },
    lot: pack.lot,
    best_before: pack.bestBefore,
    dl_url: packDigitalLink(env().SITE_URL, pack),
  };
}

/** The catalogue's product with this GTIN (any length, valid check digit), or undefined. */
export function productOfGtin(gtin: string): Product | undefined {
  const gtin14 = toGtin14(gtin);
  return gtin14 ? products.find((product) => toGtin14(product.gtin) === gtin14) : undefined;
}

/** The path of a typed serial's pack page when a pack has it (`/verify` sends the shopper there), else null. */
export async function packPathOf(input: string): Promise<string | null> {
  const pack = await findPack(input);
  return pack ? packDigitalLink("", pack) : null;
}

/** The request's side of a view or a redemption: what a check's request carries, the pack's serial instead of a code. */
export type PackRequest = Omit<CheckRequest, "code"> & { serial: string };

/** A page's or the API's request as a pack's view or redemption (language, keyed client hash, user agent, country). */
export function packRequest(request: Request, context: Readonly<RouterContextProvider>, serial: string): PackRequest {
  const { lang, clientHash, userAgent, country } = checkRequest(request, context, serial);
  return { lang, clientHash, userAgent, country, serial };
}

/** A pack's view: the pack, and the view as recorded (null when it was only counted: `countUnknown`). */
export type PackView = { pack: Pack | null; verification: Verification | null };

/**
 * What a GS1 Digital Link said besides the serial: the product its GTIN names (null for a GTIN of no
 * product) and the lot. A pack read through a link that names another product or lot is no pack
 * (a real serial under someone else's GTIN is a copied label).
 */
export type PackIdentity = { productId: string | null; lot: string };

/** True when the pack is of the product and lot a Digital Link names. */
export function isPackOf(pack: Pack, identity: PackIdentity): boolean {
  return pack.productId === identity.productId && pack.lot === identity.lot;
}

const VIEW_OUTCOME: Record<PackState, StoredScanOutcome> = { sealed: "valid", verified: "used", revoked: "revoked" };

/** Orders a pack's steps in a group-committed batch: one key per serial (a slash: never a code's key). */
const packKey = (serial: string) => `${serial}/`;

/** Views of packs (their pages and `GET /api/v1/packs/{serial}/`) per client per minute: VERIFY_RATE_LIMIT, apart from the checks. */
const viewLimiter = createLimiter("pack-view", () => env().VERIFY_RATE_LIMIT, 60);

export type ViewOptions = {
  /** From a Digital Link: a pack of another product or lot is answered and logged as unknown. */
  identity?: PackIdentity | undefined;
  /**
   * A serial we never made is counted in the daily figures but not stored as a row (the API: nothing
   * to report it with, so nothing to keep, issue 42 N6). Its page stores the row, which the shopper's
   * counterfeit report names.
   */
  countUnknown?: boolean;
};

/**
 * A shopper opens a pack's public page (or a client asks the API): the pack (null for an unknown
 * serial) and the view, recorded in the scan log as kind `view` (outcome `valid` for a sealed pack,
 * `used` for a verified one, `revoked`, or `unknown`). Never consumes. Limited per client as checks
 * are (VERIFY_RATE_LIMIT a minute, its own count): past it `rate_limited`, nothing recorded.
 */
export async function viewPack(request: PackRequest, { identity, countUnknown = false }: ViewOptions = {}): Promise<Result<PackView, "empty" | "rate_limited">> {
  const serial = normalizeSerial(request.serial);
  if (!serial) return fail("empty");
  return inCheckTransaction(packKey(serial), async (trx, rounds): Promise<Result<PackView, "rate_limited">> => {
    const limit = await viewLimiter.consume(request.clientHash);
    if (!limit.allowed) return asRateLimited(limit);
    const found = await readPack(trx, serial);
    const pack = found && (!identity || isPackOf(found, identity)) ? found : null;
    const scan = blankScan(serial, request, "view", serial);
    if (pack) {
      Object.assign(scan, { outcome: VIEW_OUTCOME[pack.state], code_id: pack.codeId, product_id: pack.productId, batch_id: pack.batchId, verified_at: pack.verifiedAt });
    } else if (countUnknown) {
      for (const round of rounds) round.counted(scan);
      return ok({ pack, verification: null });
    }
    return ok({ pack, verification: await recorded(trx, scan, rounds) });
  });
}

/**
 * When this browser redeemed the pack itself: the time of the redemption among `scanIds` (the ones the
 * browser kept, `redeemedCookie`) that consumed this pack, or null. A scan id is unguessable, so only
 * the browser that redeemed holds it.
 */
export async function ownRedemption(pack: Pack, scanIds: readonly string[]): Promise<string | null> {
  const ids = scanIds.filter(isScanId);
  if (ids.length === 0 || !pack.verifiedAt) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("scans")
    .select("created_at")
    .where("id", "in", ids)
    .where("code_id", "=", pack.codeId)
    .where("kind", "=", "check")
    .where("outcome", "=", "valid")
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * A Digital Link whose GTIN is no product of ours and that names no serial (`/01/{GTIN}`): the
 * counterfeit answer, logged as a view (kind `view`, outcome `unknown`) of that GTIN, so that the
 * scan log shows it and the shopper can report where the pack came from. Under the view limit.
 */
export async function viewUnknownGtin(request: PackRequest): Promise<Result<Verification, "rate_limited">> {
  return inCheckTransaction(packKey(request.serial), async (trx, rounds) => {
    const limit = await viewLimiter.consume(request.clientHash);
    if (!limit.allowed) return asRateLimited(limit);
    return ok(await recorded(trx, blankScan(request.serial, request, "view"), rounds));
  });
}

export type RedeemRequest = PackRequest & { pin: string };

/**
 * A buyer redeems a pack's PIN, as a code is checked (the answer is a `Verification`): `valid` for
 * the one redemption that consumes it (with its lot and best-before date), `used` for a pack already
 * redeemed (its first `verifiedAt`), `revoked` or `expired`; `wrong_pin` for a pack we made and a PIN
 * that is not its own (a typo to correct, never a verdict: decision 165), with `attemptsLeft`; `unknown`
 * for a serial we never made. The scan is of kind `check` with the serial; it never holds the PIN.
 * Refused as `rate_limited`, nothing recorded, past the client's check limit or past
 * WRONG_PINS_PER_SERIAL wrong PINs for this serial from this client within 24 hours; other clients
 * are never held back.
 */
export async function redeemPack(request: RedeemRequest): Promise<CheckAnswer> {
  const serial = normalizeSerial(request.serial);
  const pin = normalizeCode(request.pin.slice(0, CODE_PASTE_MAX));
  if (!serial || !pin) return fail("empty");
  return inCheckTransaction(packKey(serial), (trx, rounds) => redeemOne(trx, serial, pin, request, rounds));
}

async function redeemOne(trx: Transaction<Database>, serial: string, pin: string, request: RedeemRequest, rounds: readonly CheckRound[]): Promise<CheckAnswer> {
  const now = Date.now();
  // The pack's row first, locked on PostgreSQL: redemptions of one serial on several instances then
  // count its wrong PINs one after the other, so no two of them read the same count (issue 42).
  const pack = isPackSerial(serial) ? await readPack(trx, serial, { lock: true }) : null;
  const wrong = await wrongPins(trx, serial, new Date(now - WRONG_PIN_WINDOW_MS).toISOString())
    .where("client_hash", "=", request.clientHash)
    .select("created_at")
    .orderBy("created_at")
    .limit(WRONG_PINS_PER_SERIAL)
    .execute();
  if (wrong.length >= WRONG_PINS_PER_SERIAL) {
    const oldest = Date.parse(wrong[0]!.created_at);
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + WRONG_PIN_WINDOW_MS - now) / 1000));
    for (const round of rounds) round.limitHit(request.clientHash, retryAfterSeconds, "wrong_pins");
    return rateLimited(retryAfterSeconds);
  }
  const limit = await verifyLimiter.consume(request.clientHash);
  if (!limit.allowed) {
    for (const round of rounds) round.limitHit(request.clientHash, limit.retryAfterSeconds, "checks");
    return asRateLimited(limit);
  }
  const scan = blankScan(serial, request, "check", serial);
  if (pack && isPin(pin)) await consumeOrRead(trx, packHash(serial, pin), scan);
  if (!pack || scan.outcome !== "unknown") return ok(await recorded(trx, scan, rounds));
  // A pack we made, a PIN that is not its own: the pack's facts on the scan, and the tries left.
  Object.assign(scan, { wrong_pin: 1, code_id: pack.codeId, product_id: pack.productId, batch_id: pack.batchId, verified_at: pack.verifiedAt });
  const verification = await recorded(trx, scan, rounds);
  return ok({ ...verification, attemptsLeft: Math.max(0, WRONG_PINS_PER_SERIAL - wrong.length - 1) });
}

/**
 * The wrong PINs entered for one serial since `since` (ISO time): the redemptions of it that matched
 * nothing (scans of kind `check`, stored outcome `unknown`: `wrong_pin` for a pack we made, decision 165). Callers narrow, select and order; read from
 * `scans_pack_idx`. The per-client limit here and brand protection's guessing signal both count these.
 */
export function wrongPins(db: Reader, serial: string, since: string) {
  return db
    .selectFrom("scans")
    .where("pack_serial", "=", serial)
    .where("kind", "=", "check")
    .where("tap", "=", 0)
    .where("outcome", "=", "unknown")
    .where("created_at", ">", since);
}
