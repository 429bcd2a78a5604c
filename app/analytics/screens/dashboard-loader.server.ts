import { newReportsCount } from "~/reports/reports.server";
import { alertCounts } from "~/alerts/alerts.server";
import { analyticsOverview, recalledRunsCount } from "~/analytics/analytics.server";
import { DASHBOARD_DAYS } from "./chart";

/** The dashboard's brand-protection part: 30 days of analytics, open alerts, new reports, runs under recall. */
export async function loadProtectionDashboard(now = new Date()) {
  const [overview, alerts, newReports, recalledRuns] = await Promise.all([analyticsOverview(DASHBOARD_DAYS, now), alertCounts(), newReportsCount(), recalledRunsCount()]);
  return { overview, alerts, newReports, recalledRuns };
}

export type ProtectionDashboardData = Awaited<ReturnType<typeof loadProtectionDashboard>>;
