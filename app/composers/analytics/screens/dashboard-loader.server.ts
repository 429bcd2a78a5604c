import { newReportsCount } from "~/features/reports/reports.server";
import { alertCounts } from "~/features/alerts/alerts.server";
import { analyticsOverview, recalledRunsCount } from "~/composers/analytics/analytics.server";
import { getProduct } from "~/platform/catalog/catalog";
import { DASHBOARD_DAYS } from "./chart";

/**
 * The dashboard's brand-protection part: 30 days of analytics, open alerts, new reports, runs under
 * recall, and the product of each top print run in both languages (a run is named by its lot and product).
 */
export async function loadProtectionDashboard(now = new Date()) {
  const [overview, alerts, newReports, recalledRuns] = await Promise.all([analyticsOverview(DASHBOARD_DAYS, now), alertCounts(), newReportsCount(), recalledRunsCount()]);
  const runProducts: Record<string, { en: string; ar: string }> = {};
  for (const run of overview.top_batches) {
    const product = getProduct(run.product_id ?? undefined);
    if (product) runProducts[product.id] = { en: product.name, ar: product.nameAr };
  }
  return { overview, alerts, newReports, recalledRuns, runProducts };
}

export type ProtectionDashboardData = Awaited<ReturnType<typeof loadProtectionDashboard>>;
