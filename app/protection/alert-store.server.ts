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
    seen.detail ??= intent.detail;
    seen.scanIds.push(...intent.scanIds.filter((id) => !seen.scanIds.includes(id)));
  }
  return [...merged.values()].sort((a, b) => byText(a.subject, b.subject));
}

/** Adds scans to an alert's list (each once) and to its count. */
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
  if (added > 0) {
    await trx
      .updateTable("alerts")
      .set((eb) => ({ scans_count: eb("scans_count", "+", added) }))
      .where("id", "=", alertId)
      .execute();
  }
  return added;
}

/**
 * Applies the signals' intents. Returns the alerts this transaction opened (the webhook announces
 * those; an update of an open alert is not news).
 */
export async function applyIntents(trx: Transaction<Database>, intents: readonly AlertIntent[], now: Date): Promise<Alert[]> {
  const at = now.toISOString();
  const opened: Alert[] = [];
  for (const intent of mergeIntents(intents)) {
    let alertId: string | null = null;
    if (intent.create && intent.detail) {
      const id = randomUUID();
      // Opens the alert, or (when another transaction opened one for this subject meanwhile) touches that one.
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
      alertId = row.id;
      if (row.id === id) {
        await linkScans(trx, id, intent.scanIds, at);
        opened.push(await trx.selectFrom("alerts").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
        continue;
      }
    } else {
      const row = await trx
        .updateTable("alerts")
        .set({ updated_at: at })
        .where("subject", "=", intent.subject)
        .where("status", "<>", "closed")
        .returning("id")
        .executeTakeFirst();
      alertId = row?.id ?? null;
    }
    if (alertId) await linkScans(trx, alertId, intent.scanIds, at);
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
