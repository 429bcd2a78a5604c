import { getAdmin } from "~/features/sessions/guard.server";
import { dashboardOverview } from "~/composers/admin/overview.server";
import { OverviewScreen } from "~/composers/admin/screens/overview-screen";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadProtectionDashboard } from "~/composers/analytics/screens/dashboard-loader.server";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  getAdmin(context);
  const [overview, protection] = await Promise.all([dashboardOverview(), loadProtectionDashboard()]);
  return screenData(context, { ...overview, protection });
}

export const headers = privateHeaders;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <OverviewScreen overview={loaderData} protection={loaderData.protection} />;
}
