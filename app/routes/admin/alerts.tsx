import { getAdmin } from "~/auth/guard.server";
import { useBundles } from "~/i18n/use-bundles";
import { alertsAction } from "~/alerts/screens/alerts-action.server";
import { loadAlertsScreen } from "~/alerts/screens/alerts-loader.server";
import { AlertsScreen } from "~/alerts/screens/alerts-screen";
import { privateHeaders, screenData } from "~/http/private.server";
import type { Route } from "./+types/alerts";

/** /admin/dashboard/alerts: clone, guessing and out-of-market alerts by status (see ~/alerts/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadAlertsScreen(request));
}

export const headers = privateHeaders;

/** Acknowledge or close one of the listed alerts. */
export const action = ({ request, context }: Route.ActionArgs) => alertsAction(request, context);

export default function Alerts({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <AlertsScreen data={loaderData} />;
}
