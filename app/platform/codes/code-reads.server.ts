import { getDb } from "@db/db.server";
import type { Code } from "@db/schema";
import { keyOf, recordAudit } from "~/platform/audit/audit.server";
import type { ApiKeyRef } from "~/platform/access/identity";
import { allows, type Role } from "~/platform/access/permissions";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import { env } from "~/platform/lib/env.server";
import { ok, type RateLimited, type Result } from "~/platform/lib/result";
import { getProduct } from "~/platform/catalog/catalog";
import type { z } from "~/platform/lib/zod";
import { MASKED_CODE } from "./code-format";
import { shownCode } from "./code-store.server";
import type { codeJsonSchema } from "./json";

/**
 * Who may read active codes in full, and how often (decisions 149 and 170), for every list of codes:
 * the codes screen and its search, a run's page, `GET /api/v1/codes/list/`.
 *
 * - A role without `codes:export` (a viewer) reads active codes masked, `••••-••••`: nothing of them
 *   (presentCode); used, expired and revoked codes, and a pack's public serial, as they are.
 * - A role with it reads them in full, up to CODE_READ_RATE_LIMIT pages per member per hour: each page
 *   that shows at least one active code in full counts once and is recorded in the audit trail
 *   (`codes.read`: the run, the page, how many active codes). Past the limit the page is refused
 *   (`rate_limited`); the run's downloads (audited as `batch.exported`) are the way to take many.
 * - An exact search for a code is how a code is guessed: every search, whatever the role and whether
 *   it finds anything, counts once against the same limit and is recorded (`codes.searched`), before
 *   anything of its answer (its counts included) is shown (issue 42, N1).
 */

/** The member reading, as the audit trail names them. */
type CodeReader = {
  admin: { id: string; username: string; role: Role; apiKey?: ApiKeyRef | undefined };
  clientHash: string | null;
};

/** Where the page comes from, for the trail: a run (its lot, when known) or the codes list, and the page. */
type CodeReadPlace = { batchId?: string | null; lot?: string | null; page: number; search?: boolean };

const fullReads = createLimiter("code-reads", () => env().CODE_READ_RATE_LIMIT, 60 * 60);

/** True for a role (and an API key's scopes) that reads active codes in full: the permission that takes codes away, and only it. */
function readsFullCodes(reader: CodeReader["admin"]): boolean {
  return allows(reader, "codes:export");
}

/**
 * One page of codes as `reader` may see it: masked for a viewer; in full for a role that may take
 * codes away, counted against its hourly limit and audited when the page holds an active code.
 */
export async function presentCodesFor(reader: CodeReader, rows: readonly Code[], place: CodeReadPlace): Promise<Result<CodeView[], RateLimited["error"]>> {
  const reading = readsFullCodes(reader.admin) ? "full" : "masked";
  if (place.search) {
    // One exact code: the search is the read, counted and recorded once, found or not.
    const limit = await fullReads.consume(reader.admin.id);
    if (!limit.allowed) return asRateLimited(limit);
    await recordAudit({
      action: "codes.searched",
      actor: { id: reader.admin.id, username: reader.admin.username, apiKey: keyOf(reader.admin) },
      clientHash: reader.clientHash,
      target: await targetOf(place),
      detail: { batch: place.batchId ?? null, found: rows.length, masked: reading === "masked" },
    });
    return ok(rows.map((row) => presentCode(row, reading)));
  }
  if (reading === "masked") return ok(rows.map((row) => presentCode(row, "masked")));
  const secret = rows.filter(isSecretCode).length;
  if (secret > 0) {
    const limit = await fullReads.consume(reader.admin.id);
    if (!limit.allowed) return asRateLimited(limit);
    await recordAudit({
      action: "codes.read",
      actor: { id: reader.admin.id, username: reader.admin.username, apiKey: keyOf(reader.admin) },
      clientHash: reader.clientHash,
      target: await targetOf(place),
      detail: { batch: place.batchId ?? null, page: place.page, active_codes: secret },
    });
  }
  return ok(rows.map((row) => presentCode(row, "full")));
}

/** Where a read happened, as the trail names it: a run (`batch:LOT-1`) or the codes list. */
async function targetOf(place: CodeReadPlace): Promise<string> {
  return place.batchId ? `batch:${place.lot ?? (await lotOf(place.batchId))}` : "codes:list";
}

/** A run's lot, as the trail names runs (`batch:LOT-1`); its id when the run is gone. */
async function lotOf(batchId: string): Promise<string> {
  const db = await getDb();
  const row = await db.selectFrom("batches").select("lot").where("id", "=", batchId).executeTakeFirst();
  return row?.lot ?? batchId;
}

/**
 * True for a code whose text is still worth taking away: active, and not a two-part pack (a pack's
 * serial is public, printed on the pack's outside; its PIN is never listed). Only these are masked
 * for a role without `codes:export`, and only these count as a read of codes in full (decision 149).
 */
export function isSecretCode(code: Pick<Code, "status" | "pack_serial">): boolean {
  return code.status === "active" && code.pack_serial === null;
}

/** How a list shows codes: in full (a role that may take codes away), or with active codes masked. */
type CodeReading = "full" | "masked";

/** A code as the API and the admin screens show it: its shape is `codeJsonSchema` (json.ts). */
export type CodeView = z.infer<typeof codeJsonSchema>;

/** A code as the API's JSON and the screens show it: the one place an active code is masked. */
export function presentCode(code: Code, reading: CodeReading): CodeView {
  const product = getProduct(code.product_id);
  const masked = reading === "masked" && isSecretCode(code);
  return {
    id: code.id,
    code: masked ? MASKED_CODE : shownCode(code),
    masked,
    product_id: code.product_id,
    batch_id: code.batch_id,
    serial: code.serial === null ? null : Number(code.serial),
    product: product
      ? { id: product.id, name: product.name, name_ar: product.nameAr, image: product.images[0] ?? null }
      : null,
    status: code.status,
    created_at: code.created_at,
    expired_at: code.expired_at,
    verified_at: code.verified_at,
  };
}
