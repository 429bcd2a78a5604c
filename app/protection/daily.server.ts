import type { Transaction } from "kysely";
import type { Database, Scan, ScanDimension, ScanOutcome } from "@db/schema";
import { dayOf } from "./days";

/**
 * The daily aggregates (`scan_daily`): checks per UTC day and outcome, overall and per product,
 * batch and country. Written by the check itself, in its transaction, so a count never disagrees
 * with the log; kept when the log's retention deletes old scans.
 */

export type DailyRow = { dim: ScanDimension; value: string; day: string; outcome: ScanOutcome; n: number };

/** The aggregate rows a set of scans adds to, summed, in one fixed order (see `addToDaily`). */
export function dailyRowsOf(scans: readonly Pick<Scan, "created_at" | "outcome" | "product_id" | "batch_id" | "country">[]): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  const add = (dim: ScanDimension, value: string, day: string, outcome: ScanOutcome) => {
    const key = `${dim}\u0000${value}\u0000${day}\u0000${outcome}`;
    const row = rows.get(key);
    if (row) row.n += 1;
    else rows.set(key, { dim, value, day, outcome, n: 1 });
  };
  for (const scan of scans) {
    const day = dayOf(scan.created_at);
    add("all", "", day, scan.outcome);
    // A scan without a country counts under "" (unknown), so countries add up to the total.
    add("country", scan.country ?? "", day, scan.outcome);
    if (scan.product_id) add("product", scan.product_id, day, scan.outcome);
    if (scan.batch_id) add("batch", scan.batch_id, day, scan.outcome);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * Adds the scans to their aggregate rows: one upsert of every row they touch. The rows are written
 * in one fixed order (dimension, value, day, outcome) and after everything else the check's
 * transaction locks, so on PostgreSQL two committing batches take them in the same order and never
 * wait for each other crosswise.
 */
export async function addToDaily(trx: Transaction<Database>, scans: readonly Scan[]): Promise<void> {
  const rows = dailyRowsOf(scans);
  if (rows.length === 0) return;
  await trx
    .insertInto("scan_daily")
    .values(rows)
    .onConflict((oc) => oc.columns(["dim", "value", "day", "outcome"]).doUpdateSet((eb) => ({ n: eb("scan_daily.n", "+", eb.ref("excluded.n")) })))
    .execute();
}
