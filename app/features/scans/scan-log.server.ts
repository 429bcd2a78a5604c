import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from "kysely";
import { getDb } from "@db/db.server";
import { recordAudit, type AuditBy } from "~/platform/audit/audit.server";
import type { Database, Scan, ScanDimension, ScanOutcome, ShownScanKind } from "@db/schema";
import { CSV_BOM, csvRow } from "~/platform/lib/csv";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { addDays, firstRetainedDay, startOfDay } from "~/platform/lib/days";
import { scanJson } from "./json";
import { privateHeaders } from "~/platform/http/private.server";

/**
 * The scan log as admins read it: every check and every view of a pack's page, newest first, filtered
 * by kind, outcome, product, batch, country and a range of UTC days; its count; and its CSV export,
 * streamed.
 *
 * The log shows the days its retention keeps (SCAN_RETENTION_DAYS); scans of older days are hidden
 * the moment they fall out of it and deleted by the daily job. Counts come from the daily
 * aggregates, whatever the filters (`aggregateSource`).
 */

export type ScanFilters = {
  /** `check` (a code checked, a PIN redeemed), `view` (a pack's public page) or `tap` (an NFC tag); all when absent. */
  kind?: ShownScanKind;
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
    .$if(Boolean(filters.kind), (qb) => whereKind(qb, filters.kind!))
    .$if(last !== null, (qb) => qb.where("created_at", "<", startOfDay(addDays(last!, 1))))
    .$if(Boolean(filters.outcome), (qb) => whereOutcome(qb, filters.outcome!))
    .$if(Boolean(filters.product_id), (qb) => qb.where("product_id", "=", filters.product_id!))
    .$if(Boolean(filters.batch), (qb) => qb.where("batch_id", "=", filters.batch!))
    .$if(Boolean(filters.country), (qb) => qb.where("country", "=", filters.country!));
}

/** Scans shown as `kind`: a tap is a stored `check` with `tap = 1` (decision 196). */
function whereKind<Q extends SelectQueryBuilder<Database, "scans", object>>(qb: Q, kind: ShownScanKind): Q {
  if (kind === "tap") return qb.where("tap", "=", 1) as Q;
  return qb.where("kind", "=", kind).where("tap", "=", 0) as Q;
}

/**
 * Scans shown with `outcome`: a `recalled` one is stored `valid` with `recalled = 1` (decision 153), a
 * `wrong_pin` one `unknown` with `wrong_pin = 1` (decision 165); a tap's `replayed` is a stored `used`
 * and its `bad_mac` a stored `unknown` naming the tag's code (decision 196).
 */
function whereOutcome<Q extends SelectQueryBuilder<Database, "scans", object>>(qb: Q, outcome: ScanOutcome): Q {
  if (outcome === "recalled") return qb.where("outcome", "=", "valid").where("recalled", "=", 1) as Q;
  if (outcome === "valid") return qb.where("outcome", "=", "valid").where("recalled", "=", 0) as Q;
  if (outcome === "wrong_pin") return qb.where("outcome", "=", "unknown").where("wrong_pin", "=", 1) as Q;
  if (outcome === "replayed") return qb.where("outcome", "=", "used").where("tap", "=", 1) as Q;
  if (outcome === "used") return qb.where("outcome", "=", "used").where("tap", "=", 0) as Q;
  const badMac = (eb: ExpressionBuilder<Database, "scans">) => eb.and([eb("tap", "=", 1), eb("code_id", "is not", null)]);
  if (outcome === "bad_mac") return qb.where("outcome", "=", "unknown").where(badMac) as Q;
  if (outcome === "unknown") return qb.where("outcome", "=", "unknown").where("wrong_pin", "=", 0).where((eb) => eb.not(badMac(eb))) as Q;
  return qb.where("outcome", "=", outcome) as Q;
}

/**
 * Where the daily aggregates count the filters: a print run belongs to one product, so a product
 * named beside a run either is the run's (and says nothing more) or matches nothing; what is left
 * names at most a product or a run and a country, which `scan_daily` or `scan_daily_country` count.
 */
async function aggregateSource(
  db: Kysely<Database>,
  filters: ScanFilters,
): Promise<{ table: "scan_daily"; dim: ScanDimension; value: string } | { table: "scan_daily_country"; dim: "product" | "batch"; value: string; country: string } | "none"> {
  if (filters.batch && filters.product_id) {
    const run = await db.selectFrom("batches").select("product_id").where("id", "=", filters.batch).executeTakeFirst();
    if (!run || run.product_id !== filters.product_id) return "none";
  }
  const owner = filters.batch ? { dim: "batch" as const, value: filters.batch } : filters.product_id ? { dim: "product" as const, value: filters.product_id } : null;
  if (owner && filters.country) return { table: "scan_daily_country", ...owner, country: filters.country };
  if (owner) return { table: "scan_daily", ...owner };
  if (filters.country) return { table: "scan_daily", dim: "country", value: filters.country };
  return { table: "scan_daily", dim: "all", value: "" };
}

/** What the aggregates' rows count of a kind: checks in `n`, views in `views`, taps in `taps`, all when no kind is named. */
function countedOf(kind: ShownScanKind | undefined) {
  if (kind === "check") return sql<number>`sum(n)`;
  if (kind === "view") return sql<number>`sum(views)`;
  if (kind === "tap") return sql<number>`sum(taps)`;
  return sql<number>`sum(n + views + taps)`;
}

/** How many scans the filters match, from the daily aggregates (a few hundred rows whatever the size of the log). */
export async function countScans(filters: ScanFilters, now = new Date(), db?: Kysely<Database>): Promise<number> {
  const handle = db ?? (await getDb());
  const source = await aggregateSource(handle, filters);
  if (source === "none") return 0;
  const { first, last } = window(filters, now);
  const counted = countedOf(filters.kind).as("n");
  const days = <Q extends SelectQueryBuilder<Database, "scan_daily" | "scan_daily_country", object>>(qb: Q) =>
    qb
      .where("day", ">=", first)
      .$if(last !== null, (q) => q.where("day", "<=", last!))
      .$if(Boolean(filters.outcome), (q) => q.where("outcome", "=", filters.outcome!));
  const row =
    source.table === "scan_daily"
      ? await days(handle.selectFrom("scan_daily").where("dim", "=", source.dim).where("value", "=", source.value))
          .select(counted)
          .executeTakeFirstOrThrow()
      : await days(
          handle.selectFrom("scan_daily_country").where("dim", "=", source.dim).where("value", "=", source.value).where("country", "=", source.country),
        )
          .select(counted)
          .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** A print run as the scan log names it: its lot, linked to its page (never its id). */
export type RunName = { id: string; lot: string; product_id: string };

/** How many runs the filter's pick-list offers, newest first. */
const RUN_CHOICES = 500;

/** The runs of `ids` (one query), by id: what a page names a print run by (its lot and product). */
export async function runsById(ids: readonly (string | null | undefined)[]): Promise<Record<string, RunName>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return {};
  const db = await getDb();
  const rows = await db.selectFrom("batches").select(["id", "lot", "product_id"]).where("id", "in", wanted).execute();
  return Object.fromEntries(rows.map((run) => [run.id, run]));
}

/** The runs the filter offers (newest first), and the runs of `ids` (those on the page) whatever their age. */
export async function runNames(ids: readonly (string | null | undefined)[]): Promise<{ choices: RunName[]; byId: Record<string, RunName> }> {
  const db = await getDb();
  const [choices, named] = await Promise.all([
    db.selectFrom("batches").select(["id", "lot", "product_id"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(RUN_CHOICES).execute(),
    runsById(ids),
  ]);
  return { choices, byId: { ...Object.fromEntries(choices.map((run) => [run.id, run])), ...named } };
}

/** One page of the log, newest first. */
export async function listScans(filters: ScanFilters, page: number, now = new Date()): Promise<Page<Scan>> {
  const db = await getDb();
  const total = await countScans(filters, now, db);
  return readPage(total, page, (offset, limit) =>
    filtered(db, filters, now).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

/** The export's columns; `kind` and `serial` (issue 27; a tap's `tap` and its tag's UID, issue 41) come last, so older readers of the file keep their places. */
export const CSV_COLUMNS = ["id", "created_at", "outcome", "code", "product_id", "batch_id", "country", "lang", "kind", "serial"] as const;
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
    ...privateHeaders(),
    "X-Content-Type-Options": "nosniff",
  };
}

/** Every check of one code, newest first (a report's "code's history"). */
export async function codeHistory(codeId: string, limit = 50): Promise<Scan[]> {
  const db = await getDb();
  return db.selectFrom("scans").selectAll().where("code_id", "=", codeId).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
