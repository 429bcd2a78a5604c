import { getAdmin } from "~/features/sessions/guard.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { alertsAction } from "~/features/alerts/screens/alerts-action.server";
import { loadAlertsScreen } from "~/features/alerts/screens/alerts-loader.server";
import { AlertsScreen } from "~/features/alerts/screens/alerts-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/alerts";

/** /admin/dashboard/alerts: clone, guessing and out-of-market alerts by status (see ~/features/alerts/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadAlertsScreen(request));
}

export const headers = privateHeaders;

/** Acknowledge or close one of the listed alerts. */
export const action = ({ request, context }: Route.ActionArgs) => alertsAction(request, context, getAdmin(context));

export default function Alerts({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <AlertsScreen data={loaderData} />;
}
