import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { getDb } from "@db/db.server";
import { recordAudit, type AuditBy } from "~/audit/audit.server";
import type { Database, Scan, ScanDimension, ScanOutcome } from "@db/schema";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { env } from "~/lib/env.server";
import { readPage, type Page } from "~/lib/paging";
import { addDays, firstRetainedDay, startOfDay } from "./days";

/**
 * The scan log as admins read it: every check, newest first, filtered by outcome, product, batch,
 * country and a range of UTC days; its count; and its CSV export, streamed.
 *
 * The log shows the days its retention keeps (SCAN_RETENTION_DAYS); scans of older days are hidden
 * the moment they fall out of it and deleted by the daily job. Counts come from the daily
 * aggregates whenever the filters name at most one of product, batch and country (a few hundred
 * rows whatever the size of the log); a combination of two is counted in the log itself, through
 * the index of the first.
 */

export type ScanFilters = {
  outcome?: ScanOutcome;
  product_id?: string;
  batch?: string;
  country?: string;
  /** First UTC day, YYYY-MM-DD (included). */
  from?: string;
  /** Last UTC day, YYYY-MM-DD (included). */
  to?: string;
};

/** The days the filters cover, within the retained window. */
function window(filters: ScanFilters, now: Date): { first: string; last: string | null } {
  const retained = firstRetainedDay(now, env().SCAN_RETENTION_DAYS);
  return { first: filters.from && filters.from > retained ? filters.from : retained, last: filters.to ?? null };
}

function filtered(db: Kysely<Database>, filters: ScanFilters, now: Date): SelectQueryBuilder<Database, "scans", object> {
  const { first, last } = window(filters, now);
  return db
    .selectFrom("scans")
    .where("created_at", ">=", startOfDay(first))
    .$if(last !== null, (qb) => qb.where("created_at", "<", startOfDay(addDays(last!, 1))))
    .$if(Boolean(filters.outcome), (qb) => qb.where("outcome", "=", filters.outcome!))
    .$if(Boolean(filters.product_id), (qb) => qb.where("product_id", "=", filters.product_id!))
    .$if(Boolean(filters.batch), (qb) => qb.where("batch_id", "=", filters.batch!))
    .$if(Boolean(filters.country), (qb) => qb.where("country", "=", filters.country!));
}

/** The one dimension the filters name (or "all"), when the daily aggregates can count them. */
function aggregateDimension(filters: ScanFilters): { dim: ScanDimension; value: string } | null {
  const named = [
    filters.product_id ? { dim: "product" as const, value: filters.product_id } : null,
    filters.batch ? { dim: "batch" as const, value: filters.batch } : null,
    filters.country ? { dim: "country" as const, value: filters.country } : null,
  ].filter((d) => d !== null);
  if (named.length > 1) return null;
  return named[0] ?? { dim: "all", value: "" };
}

/** How many scans the filters match. */
export async function countScans(filters: ScanFilters, now = new Date(), db?: Kysely<Database>): Promise<number> {
  const handle = db ?? (await getDb());
  const dimension = aggregateDimension(filters);
  if (!dimension) {
    const row = await filtered(handle, filters, now).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const { first, last } = window(filters, now);
  const row = await handle
    .selectFrom("scan_daily")
    .select((eb) => eb.fn.sum<number>("n").as("n"))
    .where("dim", "=", dimension.dim)
    .where("value", "=", dimension.value)
    .where("day", ">=", first)
    .$if(last !== null, (qb) => qb.where("day", "<=", last!))
    .$if(Boolean(filters.outcome), (qb) => qb.where("outcome", "=", filters.outcome!))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** One page of the log, newest first. */
export async function listScans(filters: ScanFilters, page: number, now = new Date()): Promise<Page<Scan>> {
  const db = await getDb();
  const total = await countScans(filters, now, db);
  return readPage(total, page, (offset, limit) =>
    filtered(db, filters, now).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

/** A scan as the API and the CSV give it. */
export function scanJson(scan: Scan) {
  return {
    id: scan.id,
    created_at: scan.created_at,
    outcome: scan.outcome,
    code: scan.input,
    product_id: scan.product_id,
    batch_id: scan.batch_id,
    country: scan.country,
    lang: scan.lang,
  };
}

export const CSV_COLUMNS = ["id", "created_at", "outcome", "code", "product_id", "batch_id", "country", "lang"] as const;
const CHUNK = 1_000;

/**
 * The filtered log as CSV, streamed: read a thousand rows at a time with a keyset cursor (never an
 * OFFSET), so memory stays flat and each read is one index range whatever the size of the log.
 * `by`: who downloads it (the audit trail records every export of the log, with its filters).
 */
export function exportScans(filters: ScanFilters, by?: AuditBy, now = new Date()): ReadableStream<Uint8Array> {
  if (by) {
    const detail = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
    // recordAudit never throws (a failure to store is logged); the download does not wait for it.
    void recordAudit({ ...by, action: "scans.exported", target: "scans", detail });
  }
  const encoder = new TextEncoder();
  let cursor: { created_at: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS)));
          return;
        }
        const db = await getDb();
        const after = cursor;
        const rows = await filtered(db, filters, now)
          .selectAll()
          .$if(after !== null, (qb) =>
            qb.where((eb: ExpressionBuilder<Database, "scans">) =>
              eb.or([eb("created_at", "<", after!.created_at), eb.and([eb("created_at", "=", after!.created_at), eb("id", "<", after!.id)])]),
            ),
          )
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(CHUNK)
          .execute();
        if (rows.length > 0) {
          const last = rows[rows.length - 1]!;
          cursor = { created_at: last.created_at, id: last.id };
          controller.enqueue(encoder.encode(rows.map((scan) => csvRow(CSV_COLUMNS.map((c) => scanJson(scan)[c]))).join("")));
        }
        if (rows.length < CHUNK) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/** The download's headers: CSV, never cached, saved under a dated name. */
export function csvHeaders(name: string, now = new Date()): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** Every check of one code, newest first (a report's "code's history"). */
export async function codeHistory(codeId: string, limit = 50): Promise<Scan[]> {
  const db = await getDb();
  return db.selectFrom("scans").selectAll().where("code_id", "=", codeId).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
