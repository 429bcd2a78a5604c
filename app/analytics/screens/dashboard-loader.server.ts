import { newReportsCount } from "~/reports/reports.server";
import { alertCounts } from "~/alerts/alerts.server";
import { analyticsOverview } from "~/analytics/analytics.server";
import { DASHBOARD_DAYS } from "./chart";

/** The dashboard's brand-protection part: 30 days of analytics, open alerts, new reports. */
export async function loadProtectionDashboard(now = new Date()) {
  const [overview, alerts, newReports] = await Promise.all([analyticsOverview(DASHBOARD_DAYS, now), alertCounts(), newReportsCount()]);
  return { overview, alerts, newReports };
}

export type ProtectionDashboardData = Awaited<ReturnType<typeof loadProtectionDashboard>>;
