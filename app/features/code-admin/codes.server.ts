import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { getDb } from "@db/db.server";
import { isUniqueViolation } from "@db/errors";
import type { Code } from "@db/schema";
import { recordAudit, type AuditInput } from "~/platform/audit/audit.server";
import { getProduct } from "~/platform/catalog/catalog";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import { isPackSerial, isStorableCode, normalizeCode, typedCodeProblem } from "~/platform/codes/code-format";
import { codeHash, sealedCode, shownCode } from "~/platform/codes/code-store.server";
import type { CreateError, DeleteError, ExpireError, ListError } from "./errors";

/**
 * The one place where an admin creates, expires, deletes and lists verification codes. The admin
 * pages and the JSON API both call these functions. (Verification itself lives in verify.server.ts.)
 */

/** The Active tab lists active codes; the Expired tab every other status (expired and revoked). */
export type CodeTab = "active" | "expired";

/** `?status=` as a tab; anything else falls back to the Active tab. */
export function parseTab(value: string | null | undefined): CodeTab {
  return value === "expired" ? "expired" : "active";
}

export type CodeCounts = { active: number; expired: number };

const now = () => new Date().toISOString();

/** An id from a URL or a form: anything that cannot be one matches nothing. */
const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

/**
 * Who changed a code, for the audit trail. A live code never appears in the trail (or the log lines):
 * a new code is named by its id; an expired or deleted one, which no longer verifies, by its text.
 */
export type ChangedBy = Pick<AuditInput, "actor" | "clientHash">;

/**
 * Creates an active code for a known product. The code is normalised and must be a typed code that
 * is hard to guess (`typedCodeProblem`: 8–32 of A-Z0-9 but not a PIN's 9, no repeats or sequences), unique.
 */
export async function createCode(input: { code: string; productId: string }, by?: ChangedBy): Promise<Result<Code, CreateError>> {
  const code = normalizeCode(input.code ?? "");
  const problem = typedCodeProblem(code);
  if (problem) return fail(problem);
  if (!getProduct(input.productId)) return fail("unknown_product");
  const db = await getDb();
  const sealed = sealedCode(code);
  // Nor a pack's public serial (issue 27): what a shopper types must name one thing.
  const existing = await db
    .selectFrom("codes")
    .select("id")
    .where((eb) => eb.or([eb("code_hash", "=", sealed.code_hash), eb("pack_serial", "=", code)]))
    .executeTakeFirst();
  if (existing) return fail("duplicate");
  try {
    const row = await db
      .insertInto("codes")
      .values({
        id: randomUUID(),
        ...sealed,
        product_id: input.productId,
        batch_id: null,
        serial: null,
        status: "active",
        created_at: now(),
        expired_at: null,
        verified_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (by) await recordAudit({ ...by, action: "code.created", target: `code:${row.id}`, detail: { product_id: row.product_id } });
    return ok(row);
  } catch (error) {
    // Two admins saving the same code at once: the unique index decides.
    if (isUniqueViolation(error)) return fail("duplicate");
    throw error;
  }
}

export async function getCode(id: unknown): Promise<Code | undefined> {
  if (!plausibleId(id)) return undefined;
  const db = await getDb();
  return db.selectFrom("codes").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The codes of these ids (one query), as a screen shows them (a pack's serial, never its PIN), and their tab. */
export async function shownCodesByIds(ids: readonly string[]): Promise<{ id: string; shown: string; tab: CodeTab }[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.selectFrom("codes").selectAll().where("id", "in", [...new Set(ids)]).execute();
  return rows.map((row) => ({ id: row.id, shown: shownCode(row), tab: row.status === "active" ? "active" : "expired" }));
}

/** Active → expired by an admin (expired_at set). Refused for unknown ids and codes no longer active. */
export async function expireCode(id: unknown, by?: ChangedBy): Promise<Result<Code, ExpireError>> {
  if (!plausibleId(id)) return fail("not_found");
  const db = await getDb();
  const row = await db
    .updateTable("codes")
    .set({ status: "expired", expired_at: now() })
    .where("id", "=", id)
    .where("status", "=", "active")
    .returningAll()
    .executeTakeFirst();
  if (row) {
    if (by) await recordAudit({ ...by, action: "code.expired", target: `code:${shownCode(row)}`, detail: { id: row.id, product_id: row.product_id } });
    return ok(row);
  }
  return fail((await getCode(id)) ? "not_active" : "not_found");
}

/**
 * Deletes a code that is no longer active (expired or revoked). Active codes cannot be deleted, nor can
 * a code of a print run: it stays with its run, so the run's history and counts stay whole (decision 080).
 */
export async function deleteCode(id: unknown, by?: ChangedBy): Promise<Result<Code, DeleteError>> {
  if (!plausibleId(id)) return fail("not_found");
  const db = await getDb();
  const row = await db
    .deleteFrom("codes")
    .where("id", "=", id)
    .where("status", "!=", "active")
    .where("batch_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    // No longer active: its text may be named in the trail (an active code never is, decision 081).
    if (by) await recordAudit({ ...by, action: "code.deleted", target: `code:${shownCode(row)}`, detail: { id: row.id, product_id: row.product_id, status: row.status } });
    return ok(row);
  }
  const code = await getCode(id);
  return fail(!code ? "not_found" : code.status === "active" ? "still_active" : "in_batch");
}

/**
 * Active and expired (expired + revoked) counts; 0 when there are none. Read from `code_counts`,
 * which triggers on `codes` keep exact, so the cost does not grow with the number of codes.
 */
export async function codeCounts(): Promise<CodeCounts> {
  const db = await getDb();
  const rows = await db.selectFrom("code_counts").select(["status", "n"]).execute();
  const counts: CodeCounts = { active: 0, expired: 0 };
  for (const row of rows) {
    if (row.status === "active") counts.active += Number(row.n);
    else counts.expired += Number(row.n);
  }
  return counts;
}

export type CodeList = Page<Code> & { counts: CodeCounts };

/** Narrows a list to one print run and/or one exact code (typed or scanned, normalised). */
export type CodeFilter = { batchId?: string | null; code?: string | null };

/** The indexed tab expression, written exactly as in the index; literal booleans (SQLite and PostgreSQL). */
const inTab = (tab: CodeTab) => [sql<boolean>`(${sql.ref("status")} = 'active')`, "=", sql.lit(tab === "active")] as const;

/**
 * One page (10) of a tab, with both tabs' counts; a page past the end is empty.
 *
 * - No filter: newest first. The tab is one range of `codes_tab_created_idx` (`(status = 'active'),
 *   created_at, id`), already in list order; a page past the middle of its tab is read from the oldest
 *   end and reversed, so the rows an OFFSET steps over never exceed half the tab (decision 063).
 * - A print run: its codes in print order (`codes_batch_serial_idx`), counts from the run's own.
 * - An exact code: its keyed hash (a pack's serial: `codes_pack_serial_idx`), so at most one row; the
 *   counts say which tab holds it.
 */
export async function listCodes(tab: CodeTab, page: number, filter: CodeFilter = {}): Promise<Result<CodeList, ListError>> {
  const db = await getDb();
  if (filter.code !== undefined && filter.code !== null) {
    const normalized = normalizeCode(filter.code);
    // A code by its keyed hash; a pack (issue 27) by its public serial (a new code is never a pack's
    // serial, createCode; a run's random serial is never checked against older codes' texts).
    const hash = codeHash(normalized);
    let query = db
      .selectFrom("codes")
      .selectAll()
      .where((eb) => (isPackSerial(normalized) ? eb.or([eb("code_hash", "=", hash), eb("pack_serial", "=", normalized)]) : eb("code_hash", "=", hash)));
    if (filter.batchId) query = query.where("batch_id", "=", filter.batchId);
    const row = isStorableCode(normalized) ? await query.executeTakeFirst() : undefined;
    const counts: CodeCounts = { active: row?.status === "active" ? 1 : 0, expired: row && row.status !== "active" ? 1 : 0 };
    const list = await readPage(counts[tab], page, async () => (row ? [row] : []));
    return ok({ ...list, counts });
  }
  if (filter.batchId) {
    const batch = await db
      .selectFrom("batches")
      .select(["active_count", "used_count", "expired_count", "revoked_count"])
      .where("id", "=", filter.batchId)
      .executeTakeFirst();
    if (!batch) return fail("unknown_batch");
    const counts: CodeCounts = { active: Number(batch.active_count), expired: Number(batch.used_count) + Number(batch.expired_count) + Number(batch.revoked_count) };
    const total = counts[tab];
    const batchId = filter.batchId;
    const list = await readPage(total, page, (offset, limit) =>
      readFromNearerEnd(offset, limit, total, (reversed, o, l) =>
        db.selectFrom("codes").selectAll().where("batch_id", "=", batchId).where(...inTab(tab)).orderBy("serial", reversed ? "desc" : "asc").limit(l).offset(o).execute(),
      ),
    );
    return ok({ ...list, counts });
  }
  const counts = await codeCounts();
  const total = counts[tab];
  const list = await readPage(total, page, (offset, limit) =>
    readFromNearerEnd(offset, limit, total, (reversed, o, l) => {
      const direction = reversed ? "asc" : "desc";
      return db.selectFrom("codes").selectAll().where(...inTab(tab)).orderBy("created_at", direction).orderBy("id", direction).limit(l).offset(o).execute();
    }),
  );
  return ok({ ...list, counts });
}

/**
 * Reads rows `offset .. offset + limit` of a list of `total` rows from the end nearer to them: past
 * the middle, the same index is read the other way (`reversed`) and the rows put back in list order.
 */
async function readFromNearerEnd<T>(
  offset: number,
  limit: number,
  total: number,
  read: (reversed: boolean, offset: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  if (offset <= total / 2) return read(false, offset, limit);
  const rows = await read(true, Math.max(0, total - offset - limit), Math.min(limit, total - offset));
  return rows.reverse();
}

/** The date a code stopped being active and why: an admin's Expire, a shopper's check, or a bulk revoke. */
export function endedOf(code: Code): { at: string | null; reason: "expired" | "verified" | "revoked" | null } {
  if (code.status === "active") return { at: null, reason: null };
  if (code.status === "revoked") return { at: code.expired_at, reason: "revoked" };
  if (code.verified_at && !code.expired_at) return { at: code.verified_at, reason: "verified" };
  return { at: code.expired_at ?? code.verified_at, reason: code.expired_at ? "expired" : "verified" };
}
