import type { ExpressionBuilder } from "kysely";
import { getDb } from "@db/db.server";
import type { Batch, Database } from "@db/schema";
import { recordAudit, type AuditBy } from "~/platform/audit/audit.server";
import { fail, ok, type Result } from "~/platform/lib/result";
import { recallFacts, type RecallFacts } from "~/platform/codes/outcomes";
import { kickMail } from "~/platform/mail/mail.server";
import { queueRecallNotices } from "~/features/registrations/mails.server";
import { kickWebhooks } from "~/features/webhooks/webhooks.server";
import { announce, getBatch } from "./batches.server";
import type { LiftRecallError, RecallError } from "./errors";
import type { RecallValues } from "./schemas";

/**
 * Recalls of print runs (issue 28, decision 153): a run's packs are genuine but must not be used. A
 * recall is distinct from a revocation (whose codes answer "not genuine"): a revoked run cannot be
 * recalled (`recall_revoked`), and a recalled run cannot be revoked until its recall is lifted
 * (`run_recalled`, in `revokeBatch`). Owners and editors only (`batches:write` in the permission
 * matrix, checked by the routes); every step audited. The recall's columns live on the run itself
 * (migrations/2026-11-27_01_recalls.ts), so every read of a run carries its recall.
 */

/** An open recall as a public page or document shows it: the lot, since (YYYY-MM-DD) and its texts in both languages. */
export type LotRecall = RecallFacts & { lot: string };

const RECALL_COLUMNS = [
  "lot",
  "recall_since",
  "recall_lifted_at",
  "recall_notice_en",
  "recall_notice_ar",
  "recall_hazard_en",
  "recall_hazard_ar",
  "recall_remedy_en",
  "recall_remedy_ar",
] as const;

/** A product's runs under an open recall (of one lot when `lot` is given), the latest first: by the date it is recalled since, then by when it was made. */
async function openRecalls(productId: string, lot?: string): Promise<LotRecall[]> {
  const db = await getDb();
  let query = db.selectFrom("batches").select(RECALL_COLUMNS).where("product_id", "=", productId).where(openRecall);
  if (lot !== undefined) query = query.where("lot", "=", lot);
  const rows = await query.orderBy("recall_since", "desc").orderBy("recall_at", "desc").orderBy("lot").execute();
  return rows.map((row) => ({ ...recallFacts(row)!, lot: row.lot }));
}

/** A product's runs under an open recall, as its public page shows them (decisions 153, 191): lot, since, the texts in both languages. */
export function productRecalls(productId: string): Promise<LotRecall[]> {
  return openRecalls(productId);
}

/**
 * The open recall of one lot of a product (its latest, when several runs share the lot), or null: what
 * GS1's `recallStatus` of a lot answers (decision 190). A lot we never made is simply not recalled.
 */
export async function lotRecall(productId: string, lot: string): Promise<LotRecall | null> {
  return (await openRecalls(productId, lot))[0] ?? null;
}

/**
 * A stamp that changes whenever a recall is made, updated or lifted (on any run, in any process or
 * instance): the public pages cached in memory are dropped when it moves (app/runtime.server.ts).
 */
export async function recallsStamp(): Promise<string> {
  const db = await getDb();
  const row = await db
    .selectFrom("batches")
    .select((eb) => [eb.fn.max("recall_at").as("made"), eb.fn.max("recall_updated_at").as("updated"), eb.fn.max("recall_lifted_at").as("lifted")])
    .where("recall_at", "is not", null)
    .executeTakeFirst();
  return `${row?.made ?? ""}|${row?.updated ?? ""}|${row?.lifted ?? ""}`;
}

/** A run's recall is open (`isRecalled`'s rule, as SQL). */
const openRecall = (eb: ExpressionBuilder<Database, "batches">) => eb.and([eb("recall_since", "is not", null), eb("recall_lifted_at", "is", null)]);

/** Today's UTC day, YYYY-MM-DD: a recall's `since` when none is given. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Recalls a run, or updates its open recall (notices, since): `created` tells which (201 or 200 in the
 * API). The change is one conditional UPDATE, so two admins recalling at once make one recall and one
 * update. A new recall queues, in its transaction, its notice to the run's confirmed registrants,
 * once each (`notified`, decision 162), and the webhook event `batch.recalled` (decision 160); an
 * update mails no one and announces nothing again.
 */
export async function recallBatch(
  id: unknown,
  input: Omit<RecallValues, "since"> & { since?: string | undefined; by: string; audit?: AuditBy | undefined },
): Promise<Result<{ batch: Batch; created: boolean; notified: number }, RecallError>> {
  const batch = await getBatch(id);
  if (!batch) return fail("not_found");
  if (batch.status === "revoked") return fail("recall_revoked");
  const db = await getDb();
  const now = new Date();
  const at = now.toISOString();
  const since = input.since ?? today();
  const notices = {
    recall_since: since,
    recall_notice_en: input.notice_en,
    recall_notice_ar: input.notice_ar,
    recall_hazard_en: input.hazard_en,
    recall_hazard_ar: input.hazard_ar,
    recall_remedy_en: input.remedy_en,
    recall_remedy_ar: input.remedy_ar,
  };
  const changed = await db.transaction().execute(async (trx) => {
    // An open recall is updated; otherwise (none yet, or lifted) a new one is written over the columns.
    const updated = await trx
      .updateTable("batches")
      .set({ ...notices, recall_updated_by: input.by, recall_updated_at: at })
      .where("id", "=", batch.id)
      .where(openRecall)
      .returning("id")
      .executeTakeFirst();
    if (updated) return { created: false, notified: 0, queued: 0 };
    const row = await trx
      .updateTable("batches")
      .set({ ...notices, recall_by: input.by, recall_at: at, recall_updated_by: null, recall_updated_at: null, recall_lifted_by: null, recall_lifted_at: null })
      .where("id", "=", batch.id)
      .where("status", "=", "active")
      .returning("id")
      .executeTakeFirst();
    if (!row) return null;
    // A new recall mails its confirmed registrants (decision 162) and queues the webhook event
    // `batch.recalled` (decision 160), both in this transaction; an update does neither again.
    return { created: true, notified: await queueRecallNotices(trx, batch.id, now), queued: await announce(trx, "batch.recalled", batch.id) };
  });
  if (!changed) return fail("recall_revoked");
  const { created, notified, queued } = changed;
  if (notified > 0) kickMail();
  if (queued > 0) kickWebhooks();
  const after = (await getBatch(batch.id))!;
  if (input.audit) {
    await recordAudit({
      ...input.audit,
      action: created ? "batch.recalled" : "batch.recall_updated",
      target: `batch:${after.lot}`,
      detail: { id: after.id, since, ...(created ? { notified } : {}) },
    });
  }
  return ok({ batch: after, created, notified });
}

/** Lifts a run's open recall: its packs answer plain "genuine" again. `no_recall` when none is open. */
export async function liftRecall(id: unknown, input: { by: string; audit?: AuditBy | undefined }): Promise<Result<Batch, LiftRecallError>> {
  const batch = await getBatch(id);
  if (!batch) return fail("not_found");
  const db = await getDb();
  const row = await db
    .updateTable("batches")
    .set({ recall_lifted_by: input.by, recall_lifted_at: new Date().toISOString() })
    .where("id", "=", batch.id)
    .where(openRecall)
    .returning("id")
    .executeTakeFirst();
  if (!row) return fail("no_recall");
  const after = (await getBatch(batch.id))!;
  if (input.audit) await recordAudit({ ...input.audit, action: "batch.recall_lifted", target: `batch:${after.lot}`, detail: { id: after.id, since: after.recall_since } });
  return ok(after);
}
