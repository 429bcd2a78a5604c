import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { isUniqueViolation } from "@db/errors";
import type { Report, ReportNote, ReportStatus, Scan } from "@db/schema";
import type { AdminIdentity } from "~/platform/access/identity";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import { env } from "~/platform/lib/env.server";
import { kickMail } from "~/platform/mail/mail.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import { generateCode } from "~/platform/codes/code-format";
import { shownOutcome } from "~/platform/codes/outcomes";
import { findScan } from "~/features/check/scan-writer.server";
import { enqueueWebhooks, kickWebhooks } from "~/features/webhooks/webhooks.server";
import type { ReportError } from "./errors";
import { reportJson } from "./json";
import { queueReportNotices } from "~/platform/notices/digest.server";
import { cleanPhoto, deletePhoto, readPhoto, storePhoto, type StoredPhoto } from "./photo.server";
import { REPORT_HONEYPOT, type ReportSubmission } from "./schemas";

/**
 * Counterfeit reports: the shopper's "where I bought it" after a result that was not genuine (the
 * report page and `POST /api/v1/reports/create/`), and the admin's list, detail and status changes.
 */

/** Reports per client per hour: REPORT_RATE_LIMIT (as the contact form's limit). */
export const reportLimiter = createLimiter("report", () => env().REPORT_RATE_LIMIT, 60 * 60);

export const REPORT_STATUSES = ["new", "investigating", "closed"] as const satisfies readonly ReportStatus[];

const REFERENCE = /^CR-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** A reference the shopper can read out: CR-ABCD-2345 (the unambiguous code alphabet). */
export function newReference(): string {
  const code = generateCode(8);
  return `CR-${code.slice(0, 4)}-${code.slice(4)}`;
}

export function isReference(value: unknown): value is string {
  return typeof value === "string" && REFERENCE.test(value);
}

export type ReportRequest = {
  input: ReportSubmission;
  /** The photo's bytes as sent, if any. */
  photo: Uint8Array | null;
  lang: string;
  clientHash: string;
};

/**
 * Stores a shopper's report, linked to their scan. In this order, so that nothing costly is done for a
 * client past its limit (decision 148): the client's hourly limit first (every report that reaches
 * here counts, refused ones too); then the scan, which must exist and not be genuine; a filled
 * honeypot then looks like success (a reference) with nothing stored; then the photo, if any: a JPEG,
 * PNG or WebP of at most 5 MB and 16 megapixels by its header, and only then decoded.
 */
export async function createReport(request: ReportRequest): Promise<Result<{ reference: string; report: Report | null }, ReportError | "rate_limited">> {
  const { input } = request;
  const limit = await reportLimiter.consume(request.clientHash);
  if (!limit.allowed) return asRateLimited(limit);
  const scan = await findScan(input.scan_id);
  if (!scan) return fail("scan_not_found");
  if (scan.outcome === "valid") return fail("genuine_result");
  const trap = input[REPORT_HONEYPOT];
  if (trap !== undefined && trap !== null && String(trap).trim() !== "") return ok({ reference: newReference(), report: null });

  const cleaned = request.photo && request.photo.byteLength > 0 ? await cleanPhoto(request.photo, request.clientHash) : null;
  if (cleaned && !cleaned.ok) return cleaned;
  const photo = cleaned?.ok ? await storePhoto(cleaned.value) : null;
  try {
    return ok(await insertReport(request, scan, photo));
  } catch (error) {
    if (photo) await deletePhoto(photo.name);
    throw error;
  }
}

async function insertReport(request: ReportRequest, scan: Scan, photo: StoredPhoto | null): Promise<{ reference: string; report: Report }> {
  const { input } = request;
  const db = await getDb();
  const now = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    const report: Report = {
      id: randomUUID(),
      reference: newReference(),
      status: "new",
      scan_id: scan.id,
      code_id: scan.code_id,
      outcome: shownOutcome(scan),
      code: scan.input,
      product_id: scan.product_id,
      batch_id: scan.batch_id,
      scan_country: scan.country,
      scanned_at: scan.created_at,
      seller: input.seller,
      city: input.city,
      country: input.country,
      purchased_on: input.purchased_on,
      contact: input.contact,
      consent_at: input.consent ? now : null,
      photo_name: photo?.name ?? null,
      photo_type: photo?.type ?? null,
      photo_bytes: photo?.bytes ?? null,
      lang: request.lang,
      client_hash: request.clientHash,
      created_at: now,
      updated_at: now,
    };
    try {
      // The report, its webhook event `report.created` and the members' notices (decision 164) in one transaction.
      const queued = await db.transaction().execute(async (trx) => {
        await trx.insertInto("reports").values(report).execute();
        const hooks = await enqueueWebhooks(trx, [{ event: "report.created", subjectId: report.id, data: { report: reportJson(report) } }], new Date(now));
        return { hooks, mails: await queueReportNotices(trx, report, new Date(now)) };
      });
      if (queued.hooks > 0) kickWebhooks();
      if (queued.mails > 0) kickMail();
      return { reference: report.reference, report };
    } catch (error) {
      // 31^8 references: a collision is rare; draw another.
      if (isUniqueViolation(error) && attempt < 5) continue;
      throw error;
    }
  }
}

const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

export async function getReport(id: unknown): Promise<Report | undefined> {
  if (!plausibleId(id)) return undefined;
  const db = await getDb();
  return db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The references of these reports (one query), for naming them elsewhere (the audit trail). */
export async function reportsByIds(ids: readonly string[]): Promise<Pick<Report, "id" | "reference">[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db.selectFrom("reports").select(["id", "reference"]).where("id", "in", [...new Set(ids)]).execute();
}

export type ReportFilters = { status?: ReportStatus; country?: string };

/** One page of reports, newest first. */
export async function listReports(filters: ReportFilters, page: number): Promise<Page<Report>> {
  const db = await getDb();
  const scope = db
    .selectFrom("reports")
    .$if(Boolean(filters.status), (qb) => qb.where("status", "=", filters.status!))
    .$if(Boolean(filters.country), (qb) => qb.where("country", "=", filters.country!));
  const { count } = await scope.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return readPage(Number(count), page, (offset, limit) =>
    scope.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

export async function newReportsCount(): Promise<number> {
  const db = await getDb();
  const { count } = await db.selectFrom("reports").select((eb) => eb.fn.countAll<number>().as("count")).where("status", "=", "new").executeTakeFirstOrThrow();
  return Number(count);
}

export async function reportNotes(reportId: string): Promise<ReportNote[]> {
  const db = await getDb();
  return db.selectFrom("report_notes").selectAll().where("report_id", "=", reportId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/**
 * Moves a report to `investigating` or `closed` (never back to `new`), with an optional note; the
 * same status with a note only adds the note. One conditional UPDATE decides, so two admins acting
 * at once cannot both move it from the same status.
 */
export async function changeReportStatus(
  id: unknown,
  to: ReportStatus,
  note: string | null,
  admin: AdminIdentity,
  clientHash: string | null = null,
): Promise<Result<Report, "report_not_found" | "report_transition">> {
  const current = await getReport(id);
  if (!current) return fail("report_not_found");
  if (to === "new" || (to === current.status && !note)) return fail("report_transition");
  const db = await getDb();
  const at = new Date().toISOString();
  const moved = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("reports")
      .set({ status: to, updated_at: at })
      .where("id", "=", current.id)
      .where("status", "=", current.status)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .insertInto("report_notes")
      .values({ id: randomUUID(), report_id: row.id, author: admin.username, status_from: current.status, status_to: to, note, created_at: at })
      .execute();
    return row;
  });
  if (!moved) return fail("report_transition");
  await recordAudit({ action: "report.status_changed", actor: admin, clientHash, target: `report:${moved.id}`, detail: { from: current.status, to, noted: Boolean(note) } });
  return ok(moved);
}

/** A report's photo (bytes and the type checked when it was stored), or null. */
export async function reportPhoto(id: unknown): Promise<{ bytes: Buffer; type: string } | null> {
  const report = await getReport(id);
  if (!report?.photo_name || !report.photo_type) return null;
  const bytes = await readPhoto(report.photo_name);
  return bytes ? { bytes, type: report.photo_type } : null;
}
