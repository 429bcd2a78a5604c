import type { Transaction } from "kysely";
import type { Database, Scan, ScanDimension, ScanOutcome } from "@db/schema";
import { dayOf } from "~/lib/days";

/**
 * The daily aggregates (`scan_daily`): checks (never views of a pack's page) per UTC day and outcome, overall and per product,
 * batch and country, and per product and per print run in each country (`scan_daily_country`).
 * Written by the check itself, in its transaction, so a count never disagrees
 * with the log; kept when the log's retention deletes old scans.
 */

export type DailyRow = { dim: ScanDimension; value: string; day: string; outcome: ScanOutcome; n: number };
export type DailyCountryRow = { dim: "product" | "batch"; value: string; country: string; day: string; outcome: ScanOutcome; n: number };

type Counted = Pick<Scan, "created_at" | "outcome" | "product_id" | "batch_id" | "country">;

/** Sums rows by their key, in the key's order (see `addToDaily`). */
function summed<R extends { n: number }>(scans: readonly Counted[], rowsOf: (scan: Counted, day: string) => Omit<R, "n">[]): R[] {
  const rows = new Map<string, R>();
  for (const scan of scans) {
    const day = dayOf(scan.created_at);
    for (const key of rowsOf(scan, day)) {
      const id = Object.values(key).join("\u0000");
      const row = rows.get(id);
      if (row) row.n += 1;
      else rows.set(id, { ...key, n: 1 } as R);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** The aggregate rows a set of scans adds to, summed, in one fixed order (see `addToDaily`). */
export function dailyRowsOf(scans: readonly Counted[]): DailyRow[] {
  return summed<DailyRow>(scans, (scan, day) => [
    { dim: "all", value: "", day, outcome: scan.outcome },
    // A scan without a country counts under "" (unknown), so countries add up to the total.
    { dim: "country", value: scan.country ?? "", day, outcome: scan.outcome },
    ...(scan.product_id ? [{ dim: "product" as const, value: scan.product_id, day, outcome: scan.outcome }] : []),
    ...(scan.batch_id ? [{ dim: "batch" as const, value: scan.batch_id, day, outcome: scan.outcome }] : []),
  ]);
}

/** The per-country rows of products and print runs a set of scans adds to, summed, in one fixed order. */
export function dailyCountryRowsOf(scans: readonly Counted[]): DailyCountryRow[] {
  return summed<DailyCountryRow>(scans, (scan, day) => {
    const country = scan.country ?? "";
    return [
      ...(scan.batch_id ? [{ dim: "batch" as const, value: scan.batch_id, country, day, outcome: scan.outcome }] : []),
      ...(scan.product_id ? [{ dim: "product" as const, value: scan.product_id, country, day, outcome: scan.outcome }] : []),
    ];
  });
}

/**
 * Adds the scans to their aggregate rows: one upsert of every row they touch in each of the two
 * tables. The rows are written in one fixed order (table, then dimension, value, day, outcome) and
 * after everything else the check's transaction locks, so on PostgreSQL two committing batches take
 * them in the same order and never wait for each other crosswise.
 */
export async function addToDaily(trx: Transaction<Database>, scans: readonly Scan[]): Promise<void> {
  // Checks only: a view of a pack's public page (kind `view`, issue 27) is no verification, and the
  // dashboard's genuine and counterfeit figures are read from these rows.
  const checks = scans.filter((scan) => scan.kind === "check");
  const rows = dailyRowsOf(checks);
  if (rows.length === 0) return;
  await trx
    .insertInto("scan_daily")
    .values(rows)
    .onConflict((oc) => oc.columns(["dim", "value", "day", "outcome"]).doUpdateSet((eb) => ({ n: eb("scan_daily.n", "+", eb.ref("excluded.n")) })))
    .execute();
  const byCountry = dailyCountryRowsOf(checks);
  if (byCountry.length === 0) return;
  await trx
    .insertInto("scan_daily_country")
    .values(byCountry)
    .onConflict((oc) =>
      oc.columns(["dim", "value", "country", "day", "outcome"]).doUpdateSet((eb) => ({ n: eb("scan_daily_country.n", "+", eb.ref("excluded.n")) })),
    )
    .execute();
}
