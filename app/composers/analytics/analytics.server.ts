import { getDb } from "@db/db.server";
import type { ScanDimension, ScanOutcome } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { addDays, dayOf, daysBetween } from "~/platform/lib/days";
import { runsById } from "~/features/scans/scan-log.server";
import { SCAN_OUTCOMES } from "~/platform/codes/outcomes";
import { isCounterfeitOutcome, isGenuineOutcome } from "~/platform/codes/outcomes";
import type { z } from "~/platform/lib/zod";
import type { analyticsJsonSchema } from "./json";

/**
 * The dashboard's analytics and `GET /api/v1/analytics/overview/`: checks per day by outcome, the
 * totals and the genuine/counterfeit share, the products and batches with the most counterfeit
 * answers, and the countries checks come from. Views of two-part packs' public pages (issue 27) are
 * counted apart (`views` per day and in the totals), never as checks. Checks of recalled packs
 * (`recalled`, decision 153) are genuine answers, counted apart from `valid`; wrong PINs on packs we
 * made (`wrong_pin`, decision 165) are neither genuine nor counterfeit. Taps of NFC tags (issue 41)
 * are answers as checks are: counted by outcome with them (a copied tag link is `replayed`, a forged
 * one `bad_mac`, both counterfeit) and, apart, as `taps` per day and in the totals. Everything is read
 * from the daily aggregates, so it costs the same with five thousand scans as with five million.
 */

export const OUTCOMES = SCAN_OUTCOMES;

/** A day's answers (checks and taps) by outcome, its taps among them, and its views of packs' pages apart. */
export type DayCounts = { date: string } & Record<ScanOutcome, number> & { views: number; taps: number };

export type Overview = z.infer<typeof analyticsJsonSchema>;

const TOP = 5;
const TOP_COUNTRIES = 10;

const zeroCounts = (): Record<ScanOutcome, number> => ({ valid: 0, recalled: 0, used: 0, replayed: 0, wrong_pin: 0, bad_mac: 0, unknown: 0, expired: 0, revoked: 0 });
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/** Per value of one dimension over the days: its answers (checks and taps) and its counterfeit answers, most first. */
async function ranking(dim: ScanDimension, first: string, last: string) {
  const db = await getDb();
  const rows = await db
    .selectFrom("scan_daily")
    .select(["value", "outcome", (eb) => eb.fn.sum<number>(eb("n", "+", eb.ref("taps"))).as("n")])
    .where("dim", "=", dim)
    .where("day", ">=", first)
    .where("day", "<=", last)
    .groupBy(["value", "outcome"])
    .execute();
  const byValue = new Map<string, { checks: number; counterfeit: number }>();
  for (const row of rows) {
    // A row of views alone counts no check.
    if (Number(row.n) === 0) continue;
    const entry = byValue.get(row.value) ?? { checks: 0, counterfeit: 0 };
    entry.checks += Number(row.n);
    if (isCounterfeitOutcome(row.outcome)) entry.counterfeit += Number(row.n);
    byValue.set(row.value, entry);
  }
  return [...byValue.entries()].map(([value, counts]) => ({ value, ...counts }));
}

const byCount = <T extends { value: string }>(key: (item: T) => number) => (a: T, b: T) => key(b) - key(a) || (a.value < b.value ? -1 : 1);

/** The overview of the last `days` UTC days, today included. */
export async function analyticsOverview(days: number, now = new Date()): Promise<Overview> {
  const last = dayOf(now);
  const first = addDays(last, -(days - 1));
  const db = await getDb();
  const daily = await db
    .selectFrom("scan_daily")
    .select(["day", "outcome", "n", "views", "taps"])
    .where("dim", "=", "all")
    .where("value", "=", "")
    .where("day", ">=", first)
    .where("day", "<=", last)
    .execute();
  const perDay = new Map<string, DayCounts>(daysBetween(first, last).map((date) => [date, { date, ...zeroCounts(), views: 0, taps: 0 }]));
  const totals = zeroCounts();
  let views = 0;
  let taps = 0;
  for (const row of daily) {
    const answers = Number(row.n) + Number(row.taps);
    const day = perDay.get(row.day);
    if (day) {
      day[row.outcome] += answers;
      day.views += Number(row.views);
      day.taps += Number(row.taps);
    }
    totals[row.outcome] += answers;
    views += Number(row.views);
    taps += Number(row.taps);
  }
  const checks = OUTCOMES.reduce((sum, o) => sum + totals[o], 0);
  const genuine = OUTCOMES.filter(isGenuineOutcome).reduce((sum, o) => sum + totals[o], 0);
  const counterfeit = OUTCOMES.filter(isCounterfeitOutcome).reduce((sum, o) => sum + totals[o], 0);

  const [products, batches, countries] = await Promise.all([ranking("product", first, last), ranking("batch", first, last), ranking("country", first, last)]);
  const topBatches = batches
    .filter((b) => b.counterfeit > 0)
    .sort(byCount((b) => b.counterfeit))
    .slice(0, TOP);
  // A run is named by its lot and product, never its id (decision 163).
  const runs = await runsById(topBatches.map((b) => b.value));
  return {
    days: [...perDay.values()],
    totals: { ...totals, checks, counterfeit, genuine_share: share(genuine, checks), counterfeit_share: share(counterfeit, checks), views, taps },
    top_products: products
      .filter((p) => p.counterfeit > 0)
      .sort(byCount((p) => p.counterfeit))
      .slice(0, TOP)
      .map((p) => {
        const product = getProduct(p.value);
        return { product_id: p.value, name: product?.name ?? null, name_ar: product?.nameAr ?? null, counterfeit: p.counterfeit };
      }),
    top_batches: topBatches.map((b) => ({ batch_id: b.value, lot: runs[b.value]?.lot ?? null, product_id: runs[b.value]?.product_id ?? null, counterfeit: b.counterfeit })),
    countries: countries
      .sort(byCount((c) => c.checks))
      .slice(0, TOP_COUNTRIES)
      .map((c) => ({ country: c.value === "" ? null : c.value, checks: c.checks, counterfeit: c.counterfeit })),
  };
}

/** Print runs under an open recall (decision 153: `recall_since` set, `recall_lifted_at` not), for the dashboard. */
export async function recalledRunsCount(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("batches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("recall_since", "is not", null)
    .where("recall_lifted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
