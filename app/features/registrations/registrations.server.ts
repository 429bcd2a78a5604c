import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { getDb } from "@db/db.server";
import { isUniqueViolation } from "@db/errors";
import type { Database, Registration, Scan } from "@db/schema";
import { recordAudit, type AuditBy } from "~/platform/audit/audit.server";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import type { Language } from "~/platform/i18n/languages";
import { CSV_BOM, csvRow } from "~/platform/lib/csv";
import { addDays, dayOf } from "~/platform/lib/days";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { findScan } from "~/features/check/scan-writer.server";
import type { Verification } from "~/features/check/verify.server";
import type { RegistrationError } from "./errors";
import { CONSENT_VERSION, type RegistrationInput } from "./schemas";

/**
 * Registered buyers (issue 28, decision 162): after a genuine result a shopper may ask to hear about
 * the product's print run. Double opt-in: a registration is `pending` until the mailed link confirms
 * it (7 days, single use); every mail carries an unsubscribe link that deletes it. Only confirmed
 * registrations are mailed a recall's notice, once per recall. Owners list and export them; staff see
 * a run's count; a viewer never sees them.
 *
 * Tokens: the confirmation token is random and stored only as a keyed hash; the unsubscribe token
 * carries the registration's id and the time its mail was made, signed with a server key (so a later
 * recall mail can carry a fresh one without storing it), and works for UNSUBSCRIBE_DAYS after that
 * (issue 42, N5); an older one's page offers a fresh link by mail.
 *
 * Mail to an address is bounded whatever the run, scan or client (issue 42, N2): a genuine scan signs
 * up one address only (`registration_scans`), and an address is sent at most one confirmation mail a
 * day; a sign-up past either is answered exactly as one that was mailed, and nothing is stored.
 */

/** Sign-ups per client per hour: REGISTRATION_RATE_LIMIT. */
export const registrationLimiter = createLimiter("registration", () => env().REGISTRATION_RATE_LIMIT, 60 * 60);

/** How long a confirmation link works, and how long an unconfirmed registration is kept. */
export const CONFIRM_DAYS = 7;
const DAY_MS = 24 * 3_600_000;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const keyed = (purpose: string, value: string) => createHmac("sha256", getServerSecret(purpose)).update(value, "utf8").digest("base64url");
const tokenHash = (token: string) => keyed("registration-token", token);
/** An address as limits and bindings know it: a keyed hash, never the address itself. */
const addressKey = (email: string) => keyed("registration-address", email);

/** Confirmation mails an address is sent a day, whatever the run, scan or client (issue 42, N2). */
const confirmationMails = createLimiter("registration-confirmation-mail", () => 1, 24 * 60 * 60);
/** Fresh unsubscribe links an address is sent a day (an expired link's page asks for one). */
const unsubscribeLinkMails = createLimiter("registration-unsubscribe-mail", () => 1, 24 * 60 * 60);

/** Takes this address's one fresh unsubscribe link of the day: false when it was sent one already. */
export async function takeUnsubscribeLinkMail(email: string): Promise<boolean> {
  return (await unsubscribeLinkMails.consume(addressKey(email))).allowed;
}

/** How long an unsubscribe link works after the mail that carries it (issue 42, N5). */
export const UNSUBSCRIBE_DAYS = 90;

/** The unsubscribe token before issue 42: an HMAC of the id alone, looked up by its keyed hash (still read, see readUnsubscribeToken). */
const legacyUnsubscribeToken = (registrationId: string) => keyed("registration-unsubscribe", registrationId);
const unsubscribeMac = (payload: Buffer) => createHmac("sha256", getServerSecret("registration-unsubscribe-v2")).update(payload).digest().subarray(0, 16);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The unsubscribe token of a registration for a mail made at `now` (in its link and List-Unsubscribe
 * header): base64url of the id's 16 bytes, the time (unix seconds, 4 bytes) and a 16-byte HMAC of both.
 */
export function unsubscribeToken(registrationId: string, now = new Date()): string {
  const payload = Buffer.alloc(20);
  Buffer.from(registrationId.replace(/-/g, ""), "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.floor(now.getTime() / 1000), 16);
  return Buffer.concat([payload, unsubscribeMac(payload)]).toString("base64url");
}

/** What an unsubscribe link names: its registration (when it still exists), and whether the link has expired. */
export type UnsubscribeLink = { registration: Registration; expired: boolean };

const expiredAt = (issuedMs: number, now: Date) => now.getTime() - issuedMs > UNSUBSCRIBE_DAYS * DAY_MS;

/**
 * The registration an unsubscribe token names, and whether the token has expired; undefined for a
 * token that is not ours or a registration that is gone. A token made before issue 42 (the id's HMAC
 * alone) is taken as made by the registration's last mail (its sign-up, or the last recall's notice).
 */
async function readUnsubscribeToken(token: unknown, now: Date): Promise<UnsubscribeLink | undefined> {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  const db = await getDb();
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length === 36 && timingSafeEqual(unsubscribeMac(bytes.subarray(0, 20)), bytes.subarray(20))) {
    const hex = bytes.subarray(0, 16).toString("hex");
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    if (!UUID.test(id)) return undefined;
    const registration = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
    return registration ? { registration, expired: expiredAt(bytes.readUInt32BE(16) * 1000, now) } : undefined;
  }
  const registration = await db.selectFrom("registrations").selectAll().where("unsubscribe_hash", "=", tokenHash(token)).executeTakeFirst();
  if (!registration) return undefined;
  const lastMail = [registration.consent_at, registration.notified_recall_at ?? ""].sort().at(-1)!;
  return { registration, expired: expiredAt(Date.parse(lastMail), now) };
}

/** The links a mail to a registration carries, absolute to SITE_URL. */
export function confirmUrl(token: string): string {
  return `${env().SITE_URL}/registrations/confirm/${token}`;
}

export function unsubscribeUrl(registrationId: string): string {
  return `${env().SITE_URL}/registrations/unsubscribe/${unsubscribeToken(registrationId)}`;
}

/** A check that may register: a genuine one (a code or a pack's PIN; a recalled run's too) of a print run. */
const registrable = (kind: string, genuine: boolean, batchId: string | null | undefined) => kind === "check" && genuine && Boolean(batchId);

export function isGenuineCheck(scan: Pick<Scan, "kind" | "outcome" | "batch_id">): boolean {
  return registrable(scan.kind, scan.outcome === "valid", scan.batch_id);
}

/** The same rule on a result view's verification: whether it offers the sign-up form. */
export function offersRegistration(verification: Pick<Verification, "kind" | "isValid" | "batch">): boolean {
  return registrable(verification.kind, verification.isValid, verification.batch?.id);
}

export type Registered = {
  /** The registration as stored; null when nothing was stored (the scan signed up another address, or the address was mailed today). */
  registration: Registration | null;
  /** The confirmation token to mail, or null when nothing is sent (the address is confirmed on this run already, or see above). */
  confirmToken: string | null;
};

/** A sign-up that stores and sends nothing, answered as any other. */
const NOTHING_SENT: Registered = { registration: null, confirmToken: null };

/**
 * Binds a genuine scan to the address it signs up (its keyed hash), once: true when the scan is this
 * address's (bound now or before), false when it signed up another address.
 */
async function bindScan(db: Kysely<Database>, scanId: string, address: string, now: Date): Promise<boolean> {
  await db
    .insertInto("registration_scans")
    .values({ scan_id: scanId, address_hash: address, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("scan_id").doNothing())
    .execute();
  const bound = await db.selectFrom("registration_scans").select("address_hash").where("scan_id", "=", scanId).executeTakeFirst();
  return bound?.address_hash === address;
}

/**
 * Stores a sign-up, or renews the link of a pending one for the same run and address. In this order:
 * the client's hourly limit first; then the scan, which must exist and be genuine; nothing is stored
 * otherwise. Then, answered as a sign-up that was mailed but storing and sending nothing: a scan that
 * signed up another address, an address already confirmed on the run, an address already sent a
 * confirmation mail today. `queue` runs in the same transaction (the confirmation mail joins the
 * outbox with the row).
 */
export async function createRegistration(
  request: { input: RegistrationInput; clientHash: string; now?: Date },
  queue: (trx: Transaction<Database>, registered: Registered, now: Date) => Promise<void> = async () => {},
): Promise<Result<Registered, RegistrationError | "rate_limited">> {
  const limit = await registrationLimiter.consume(request.clientHash);
  if (!limit.allowed) return asRateLimited(limit);
  const scan = await findScan(request.input.scan_id);
  if (!scan) return fail("scan_not_found");
  if (!isGenuineCheck(scan)) return fail("not_genuine");
  const now = request.now ?? new Date();
  const db = await getDb();
  const address = addressKey(request.input.email);
  if (!(await bindScan(db, scan.id, address, now))) return ok(NOTHING_SENT);
  const confirmed = await db
    .selectFrom("registrations")
    .selectAll()
    .where("batch_id", "=", scan.batch_id!)
    .where("email", "=", request.input.email)
    .where("state", "=", "confirmed")
    .executeTakeFirst();
  if (confirmed) return ok({ registration: confirmed, confirmToken: null });
  if (!(await confirmationMails.consume(address)).allowed) return ok(NOTHING_SENT);
  for (let attempt = 0; ; attempt++) {
    try {
      const registered = await db.transaction().execute(async (trx) => {
        const done = await upsert(trx, scan, request.input, now);
        await queue(trx, done, now);
        return done;
      });
      return ok(registered);
    } catch (error) {
      // Two sign-ups of one address at once: the second finds the first's row.
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
  }
}

async function upsert(trx: Transaction<Database>, scan: Scan, input: RegistrationInput, now: Date): Promise<Registered> {
  const at = now.toISOString();
  const token = randomBytes(32).toString("base64url");
  const fresh = {
    scan_id: scan.id,
    lang: input.lang,
    consent_version: CONSENT_VERSION,
    consent_at: at,
    confirm_hash: tokenHash(token),
    confirm_expires_at: new Date(now.getTime() + CONFIRM_DAYS * DAY_MS).toISOString(),
  };
  const existing = await trx.selectFrom("registrations").selectAll().where("batch_id", "=", scan.batch_id!).where("email", "=", input.email).executeTakeFirst();
  if (existing?.state === "confirmed") return { registration: existing, confirmToken: null };
  if (existing) {
    await trx.updateTable("registrations").set(fresh).where("id", "=", existing.id).execute();
    return { registration: { ...existing, ...fresh }, confirmToken: token };
  }
  const id = randomUUID();
  const registration: Registration = {
    ...fresh,
    id,
    batch_id: scan.batch_id!,
    email: input.email,
    state: "pending",
    // The column of the tokens before issue 42 (unique, never empty); today's mails carry unsubscribeToken.
    unsubscribe_hash: tokenHash(legacyUnsubscribeToken(id)),
    notified_recall_at: null,
    created_at: at,
    confirmed_at: null,
  };
  await trx.insertInto("registrations").values(registration).execute();
  return { registration, confirmToken: token };
}

const byConfirmToken = (db: Kysely<Database>, token: string, now: Date) =>
  db
    .selectFrom("registrations")
    .selectAll()
    .where("confirm_hash", "=", tokenHash(token))
    .where("state", "=", "pending")
    .where("confirm_expires_at", ">", now.toISOString());

/** The pending registration a confirmation link names, while the link works (the GET page: nothing changes). */
export async function findPendingByToken(token: unknown, now = new Date()): Promise<Registration | undefined> {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  return byConfirmToken(await getDb(), token, now).executeTakeFirst();
}

/** Confirms the registration of a confirmation link: once (the token is cleared), within 7 days. */
export async function confirmRegistration(token: unknown, now = new Date()): Promise<Result<Registration, "token_invalid">> {
  const pending = await findPendingByToken(token, now);
  if (!pending) return fail("token_invalid");
  const db = await getDb();
  const at = now.toISOString();
  const row = await db
    .updateTable("registrations")
    .set({ state: "confirmed", confirmed_at: at, confirm_hash: null, confirm_expires_at: null })
    .where("id", "=", pending.id)
    .where("state", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  return row ? ok(row) : fail("token_invalid");
}

/** The registration an unsubscribe link names, and whether the link expired (the GET page: nothing changes). */
export async function findByUnsubscribeToken(token: unknown, now = new Date()): Promise<UnsubscribeLink | undefined> {
  return readUnsubscribeToken(token, now);
}

/**
 * Deletes the registration an unsubscribe link names: `deleted`; `expired` for a link past
 * UNSUBSCRIBE_DAYS (nothing deleted: its page offers a fresh one); `gone` when there is none.
 */
export async function unsubscribe(token: unknown, now = new Date()): Promise<"deleted" | "expired" | "gone"> {
  const link = await readUnsubscribeToken(token, now);
  if (!link) return "gone";
  if (link.expired) return "expired";
  const db = await getDb();
  const result = await db.deleteFrom("registrations").where("id", "=", link.registration.id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? "deleted" : "gone";
}

/** A run's confirmed registrations (what its page counts), and how many were queued the notice of the recall made at `recallAt`. */
export async function registrationCounts(batchId: string, recallAt: string | null): Promise<{ confirmed: number; notified: number }> {
  const db = await getDb();
  const row = await db
    .selectFrom("registrations")
    .select((eb) => [
      eb.fn.countAll<number>().as("confirmed"),
      eb.fn.sum<number>(eb.case().when("notified_recall_at", "=", recallAt ?? "").then(1).else(0).end()).as("notified"),
    ])
    .where("batch_id", "=", batchId)
    .where("state", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return { confirmed: Number(row.confirmed), notified: Number(row.notified ?? 0) };
}

export type RegistrationRow = Registration & { lot: string };

/** One page of registrations (one run's, or all), newest first: owners only (the routes ask the matrix). */
export async function listRegistrations(filters: { batch?: string | undefined }, page: number): Promise<Page<RegistrationRow>> {
  const db = await getDb();
  const scope = db
    .selectFrom("registrations")
    .innerJoin("batches", "batches.id", "registrations.batch_id")
    .$if(Boolean(filters.batch), (qb) => qb.where("registrations.batch_id", "=", filters.batch!));
  const { count } = await scope.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return readPage(Number(count), page, (offset, limit) =>
    scope
      .selectAll("registrations")
      .select("batches.lot")
      .orderBy("registrations.created_at", "desc")
      .orderBy("registrations.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
  );
}

/** A run's confirmed registrations for the owners' CSV: address, language, confirmed at, oldest first. */
async function confirmedRegistrations(batchId: string): Promise<Pick<Registration, "email" | "lang" | "confirmed_at">[]> {
  const db = await getDb();
  return db
    .selectFrom("registrations")
    .select(["email", "lang", "confirmed_at"])
    .where("batch_id", "=", batchId)
    .where("state", "=", "confirmed")
    .orderBy("confirmed_at")
    .orderBy("id")
    .execute();
}

export type RecallRecipient = { id: string; email: string; lang: Language };

/**
 * Claims the run's confirmed registrations not yet told of the recall made at `recallAt`, in the
 * recall's transaction: each is marked and returned once (a second call, or an update of the recall,
 * returns none). The caller queues their mails in the same transaction.
 */
export async function claimRecallRecipients(trx: Transaction<Database>, batchId: string, recallAt: string): Promise<RecallRecipient[]> {
  const rows = await trx
    .updateTable("registrations")
    .set({ notified_recall_at: recallAt })
    .where("batch_id", "=", batchId)
    .where("state", "=", "confirmed")
    .where((eb) => eb.or([eb("notified_recall_at", "is", null), eb("notified_recall_at", "<>", recallAt)]))
    .returning(["id", "email", "lang"])
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, lang: row.lang === "ar" ? "ar" : "en" }));
}

export type RegistrationPurge = { pendingDeleted: number; expiredDeleted: number };

/**
 * The daily job's part (decision 162): unconfirmed registrations go after 7 days; the others after
 * their run's best-before date plus REGISTRATION_RETENTION_DAYS (a run without one: after the sign-up
 * plus that many days).
 */
export async function purgeRegistrations(db: Kysely<Database>, now: Date, retentionDays = env().REGISTRATION_RETENTION_DAYS): Promise<RegistrationPurge> {
  const pending = await db
    .deleteFrom("registrations")
    .where("state", "=", "pending")
    .where("created_at", "<", new Date(now.getTime() - CONFIRM_DAYS * DAY_MS).toISOString())
    .executeTakeFirst();
  const lastKeptBestBefore = addDays(dayOf(now), -retentionDays);
  const pastRuns = await db
    .deleteFrom("registrations")
    .where("batch_id", "in", (eb) => eb.selectFrom("batches").select("id").where("best_before", "is not", null).where("best_before", "<", lastKeptBestBefore))
    .executeTakeFirst();
  const undated = await db
    .deleteFrom("registrations")
    .where("batch_id", "in", (eb) => eb.selectFrom("batches").select("id").where("best_before", "is", null))
    .where("created_at", "<", new Date(now.getTime() - retentionDays * DAY_MS).toISOString())
    .executeTakeFirst();
  // A scan's binding to the address it signed up goes once the scan log no longer keeps the scan itself.
  await db.deleteFrom("registration_scans").where("created_at", "<", new Date(now.getTime() - env().SCAN_RETENTION_DAYS * DAY_MS).toISOString()).execute();
  return { pendingDeleted: Number(pending.numDeletedRows), expiredDeleted: Number(pastRuns.numDeletedRows) + Number(undated.numDeletedRows) };
}

/** A run's confirmed registrations as CSV (owners only: the route asks the matrix), formula-safe, audited. */
export async function registrationsCsv(batchId: string, by: AuditBy): Promise<string> {
  const rows = await confirmedRegistrations(batchId);
  await recordAudit({ ...by, action: "registrations.exported", target: `batch:${batchId}`, detail: { count: rows.length } });
  return CSV_BOM + csvRow(["email", "language", "confirmed_at"]) + rows.map((row) => csvRow([row.email, row.lang, row.confirmed_at])).join("");
}
