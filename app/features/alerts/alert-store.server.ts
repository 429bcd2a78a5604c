import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Alert, Database } from "@db/schema";
import type { AlertDetail, AlertIntent } from "./signals.server";

/**
 * Writes what the signals decided, inside the check's transaction: one alert per subject that is not
 * closed (a partial unique index enforces it across workers and instances), the scans it lists, and
 * its counters. Subjects are written in sorted order, after the check's code rows and before the
 * daily aggregates, so two transactions on PostgreSQL lock them in the same order.
 */

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Merges intents about one subject (a transaction may carry several scans of one code). */
function mergeIntents(intents: readonly AlertIntent[]): AlertIntent[] {
  const merged = new Map<string, AlertIntent>();
  for (const intent of intents) {
    const seen = merged.get(intent.subject);
    if (!seen) {
      merged.set(intent.subject, { ...intent, scanIds: [...intent.scanIds] });
      continue;
    }
    seen.create ||= intent.create;
    seen.openId ??= intent.openId;
    seen.detail ??= intent.detail;
    seen.scanIds.push(...intent.scanIds.filter((id) => !seen.scanIds.includes(id)));
  }
  return [...merged.values()].sort((a, b) => byText(a.subject, b.subject));
}

/** Adds scans to an alert's list (each once); returns how many were new to it. */
async function linkScans(trx: Transaction<Database>, alertId: string, scanIds: readonly string[], now: string): Promise<number> {
  let added = 0;
  // In slices: each INSERT stays well under any engine's limit of bound parameters.
  for (let i = 0; i < scanIds.length; i += 200) {
    const slice = scanIds.slice(i, i + 200);
    const rows = await trx
      .insertInto("alert_scans")
      .values(slice.map((scan_id) => ({ alert_id: alertId, scan_id, created_at: now })))
      .onConflict((oc) => oc.columns(["alert_id", "scan_id"]).doNothing())
      .returning("scan_id")
      .execute();
    added += rows.length;
  }
  return added;
}

/** One UPDATE: the alert's last activity and its count of scans. */
async function touch(trx: Transaction<Database>, alertId: string, added: number, now: string): Promise<void> {
  await trx
    .updateTable("alerts")
    .set((eb) => ({ updated_at: now, scans_count: eb("scans_count", "+", added) }))
    .where("id", "=", alertId)
    .execute();
}

/**
 * Applies the signals' intents. Returns the alerts this transaction opened (the webhook announces
 * those; an update of an open alert is not news).
 */
export async function applyIntents(trx: Transaction<Database>, intents: readonly AlertIntent[], now: Date): Promise<Alert[]> {
  const at = now.toISOString();
  const opened: Alert[] = [];
  for (const intent of mergeIntents(intents)) {
    if (intent.create && intent.detail && !intent.openId) {
      const id = randomUUID();
      // Opens the alert, or (when another transaction opened one for this subject meanwhile) finds that one.
      const row = await trx
        .insertInto("alerts")
        .values({
          id,
          kind: intent.kind,
          subject: intent.subject,
          status: "open",
          code_id: intent.codeId,
          code: intent.code,
          product_id: intent.productId,
          batch_id: intent.batchId,
          detail: JSON.stringify(intent.detail),
          scans_count: 0,
          created_at: at,
          updated_at: at,
          acknowledged_at: null,
          acknowledged_by: null,
          closed_at: null,
          closed_by: null,
        })
        // The target names the partial index by its predicate, written as a literal (a bound
        // parameter would not match the index's WHERE on SQLite).
        .onConflict((oc) => oc.column("subject").where("status", "<>", sql.lit("closed")).doUpdateSet({ updated_at: at }))
        .returning("id")
        .executeTakeFirstOrThrow();
      await touch(trx, row.id, await linkScans(trx, row.id, intent.scanIds, at), at);
      if (row.id === id) opened.push(await trx.selectFrom("alerts").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
      continue;
    }
    const alertId =
      intent.openId ??
      (await trx.selectFrom("alerts").select("id").where("subject", "=", intent.subject).where("status", "<>", "closed").executeTakeFirst())?.id;
    if (alertId) await touch(trx, alertId, await linkScans(trx, alertId, intent.scanIds, at), at);
  }
  return opened;
}

/** An alert's stored detail, parsed (null if unreadable). */
export function parseDetail(alert: Pick<Alert, "detail">): AlertDetail | null {
  try {
    return JSON.parse(alert.detail) as AlertDetail;
  } catch {
    return null;
  }
}
