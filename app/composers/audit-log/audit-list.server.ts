import type { ExpressionBuilder } from "kysely";
import { getDb } from "@db/db.server";
import type { AuditEntry, Database } from "@db/schema";
import { CSV_BOM, csvRow } from "~/platform/lib/csv";
import { readPage, type Page } from "~/platform/lib/paging";
import type { AuditFilters } from "./schemas";
import type { z } from "~/platform/lib/zod";
import type { auditEntryJsonSchema } from "./json";

/** The entries matching the filters, newest first (the audit screen, its CSV and the API). */
function where(filters: AuditFilters) {
  return (eb: ExpressionBuilder<Database, "audit_log">) => {
    const conditions = [];
    if (filters.actor) conditions.push(eb("actor", "=", filters.actor));
    if (filters.action) conditions.push(eb("action", "=", filters.action));
    if (filters.from) conditions.push(eb("created_at", ">=", `${filters.from}T00:00:00.000Z`));
    if (filters.to) {
      const next = new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString();
      conditions.push(eb("created_at", "<", next));
    }
    return eb.and(conditions);
  };
}

export async function listAudit(filters: AuditFilters, page: number): Promise<Page<AuditEntry>> {
  const db = await getDb();
  const count = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(where(filters))
    .executeTakeFirstOrThrow();
  return readPage(Number(count.n), page, (offset, limit) =>
    db.selectFrom("audit_log").selectAll().where(where(filters)).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
  );
}

/** Every matching entry, newest first, read in chunks (the CSV export never holds the whole trail). */
export async function* auditEntries(filters: AuditFilters, chunk = 500): AsyncGenerator<AuditEntry> {
  const db = await getDb();
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    const cursor: { created_at: string; id: string } | null = after;
    const rows: AuditEntry[] = await db
      .selectFrom("audit_log")
      .selectAll()
      .where(where(filters))
      .$if(cursor !== null, (qb) =>
        qb.where((eb) => eb.or([eb("created_at", "<", cursor!.created_at), eb.and([eb("created_at", "=", cursor!.created_at), eb("id", "<", cursor!.id)])])),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(chunk)
      .execute();
    for (const row of rows) yield row;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/** The prefix of the API key an entry's member acted through (decision 154), or null. */
export function apiKeyOf(entry: Pick<AuditEntry, "detail">): string | null {
  if (!entry.detail?.startsWith('{"api_key":')) return null;
  try {
    const key = (JSON.parse(entry.detail) as { api_key?: unknown }).api_key;
    return typeof key === "string" ? key : null;
  } catch {
    // A detail cut at its cap is no longer JSON; the key came first, but is not worth guessing at.
    return null;
  }
}

type AuditDetail = Record<string, string | number | boolean | null>;

/**
 * An entry's facts as an object (what `recordAudit` was given, with the API key it came through), or
 * null when it has none. A detail cut at its 1,000-character cap is no longer JSON: its text is kept
 * whole under `text`, so nothing is hidden from the owner reading it.
 */
export function detailOf(entry: Pick<AuditEntry, "detail">): AuditDetail | null {
  if (!entry.detail) return null;
  try {
    const parsed = JSON.parse(entry.detail) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as AuditDetail;
  } catch {
    // cut at its cap: below
  }
  return { text: entry.detail };
}

/** The facts an entry's screen row shows (the API key is shown beside the member already). */
export function shownFacts(entry: Pick<AuditEntry, "detail">): [string, string][] {
  return Object.entries(detailOf(entry) ?? {})
    .filter(([key]) => key !== "api_key" && key !== "api_key_id")
    .map(([key, value]) => [key, String(value)]);
}

/** An entry as the API answers it (`api_key`: the prefix of the key the member acted through, or null; `detail`: its facts). */
export function presentAuditEntry(entry: AuditEntry): z.infer<typeof auditEntryJsonSchema> {
  const { id, created_at, actor, action, target, outcome } = entry;
  return { id, created_at, actor, action, target, outcome, api_key: apiKeyOf(entry), detail: detailOf(entry) };
}

const CSV_COLUMNS = ["id", "created_at", "actor", "action", "target", "outcome", "client_hash", "detail"] as const;

/** The CSV export of the matching entries (~/platform/lib/csv), as a stream of lines (header first). */
export function auditCsv(filters: AuditFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = auditEntries(filters);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS)));
    },
    async pull(controller) {
      let batch = "";
      for (let i = 0; i < 200; i++) {
        const next = await rows.next();
        if (next.done) {
          if (batch) controller.enqueue(encoder.encode(batch));
          controller.close();
          return;
        }
        batch += csvRow(CSV_COLUMNS.map((c) => next.value[c]));
      }
      controller.enqueue(encoder.encode(batch));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
