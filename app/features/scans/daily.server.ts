import type { Transaction } from "kysely";
import type { Database, Scan, ScanDimension, ScanOutcome } from "@db/schema";
import { dayOf } from "~/platform/lib/days";
import { shownKind, shownOutcome } from "~/platform/codes/outcomes";

/**
 * The daily aggregates (`scan_daily`): scans per UTC day and outcome, overall and per product, batch
 * and country, and per product and per print run in each country (`scan_daily_country`). Each row
 * counts checks (`n`: codes checked and PINs redeemed, what the dashboard's genuine and counterfeit
 * figures are) and, apart, views of packs' public pages (`views`, kind `view`, issue 27; migration
 * `2026-11-26_10_scan_views`) and taps of NFC tags (`taps`, kind `tap`, issue 41; migration
 * `2026-12-06_51_nfc_taps`). Written by the check itself, in its transaction, so a count never
 * disagrees with the log; kept when the log's retention deletes old scans.
 */

type Counts = { n: number; views: number; taps: number };
export type DailyRow = { dim: ScanDimension; value: string; day: string; outcome: ScanOutcome } & Counts;
export type DailyCountryRow = { dim: "product" | "batch"; value: string; country: string; day: string; outcome: ScanOutcome } & Counts;

type Counted = Pick<Scan, "created_at" | "outcome" | "recalled" | "wrong_pin" | "tap" | "code_id" | "product_id" | "batch_id" | "country" | "kind">;

/** Sums rows by their key, in the key's order (see `addToDaily`): checks in `n`, views in `views`, taps in `taps`. */
function summed<R extends Counts>(scans: readonly Counted[], rowsOf: (scan: Counted, day: string) => Omit<R, keyof Counts>[]): R[] {
  const rows = new Map<string, R>();
  for (const scan of scans) {
    const day = dayOf(scan.created_at);
    const kind = shownKind(scan);
    const counter: keyof Counts = kind === "view" ? "views" : kind === "tap" ? "taps" : "n";
    for (const key of rowsOf(scan, day)) {
      const id = Object.values(key).join("\u0000");
      const row = rows.get(id) ?? ({ ...key, n: 0, views: 0, taps: 0 } as R);
      (row as Counts)[counter] += 1;
      rows.set(id, row);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** The aggregate rows a set of scans adds to, summed, in one fixed order (see `addToDaily`). */
export function dailyRowsOf(scans: readonly Counted[]): DailyRow[] {
  return summed<DailyRow>(scans, (scan, day) => {
    const outcome = shownOutcome(scan);
    return [
      { dim: "all", value: "", day, outcome },
      // A scan without a country counts under "" (unknown), so countries add up to the total.
      { dim: "country", value: scan.country ?? "", day, outcome },
      ...(scan.product_id ? [{ dim: "product" as const, value: scan.product_id, day, outcome }] : []),
      ...(scan.batch_id ? [{ dim: "batch" as const, value: scan.batch_id, day, outcome }] : []),
    ];
  });
}

/** The per-country rows of products and print runs a set of scans adds to, summed, in one fixed order. */
export function dailyCountryRowsOf(scans: readonly Counted[]): DailyCountryRow[] {
  return summed<DailyCountryRow>(scans, (scan, day) => {
    const country = scan.country ?? "";
    const outcome = shownOutcome(scan);
    return [
      ...(scan.batch_id ? [{ dim: "batch" as const, value: scan.batch_id, country, day, outcome }] : []),
      ...(scan.product_id ? [{ dim: "product" as const, value: scan.product_id, country, day, outcome }] : []),
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
  const rows = dailyRowsOf(scans);
  if (rows.length === 0) return;
  await trx
    .insertInto("scan_daily")
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(["dim", "value", "day", "outcome"])
        .doUpdateSet((eb) => ({
          n: eb("scan_daily.n", "+", eb.ref("excluded.n")),
          views: eb("scan_daily.views", "+", eb.ref("excluded.views")),
          taps: eb("scan_daily.taps", "+", eb.ref("excluded.taps")),
        })),
    )
    .execute();
  const byCountry = dailyCountryRowsOf(scans);
  if (byCountry.length === 0) return;
  await trx
    .insertInto("scan_daily_country")
    .values(byCountry)
    .onConflict((oc) =>
      oc
        .columns(["dim", "value", "country", "day", "outcome"])
        .doUpdateSet((eb) => ({
          n: eb("scan_daily_country.n", "+", eb.ref("excluded.n")),
          views: eb("scan_daily_country.views", "+", eb.ref("excluded.views")),
          taps: eb("scan_daily_country.taps", "+", eb.ref("excluded.taps")),
        })),
    )
    .execute();
}
