import { getAdmin } from "~/features/sessions/guard.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { alertsAction } from "~/features/alerts/screens/alerts-action.server";
import { loadAlertScreen } from "~/features/alerts/screens/alerts-loader.server";
import { AlertScreen } from "~/features/alerts/screens/alert-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/alert";

/** /admin/dashboard/alerts/:alertId: one alert, why it was raised, and the scans it lists. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadAlertScreen(request, params.alertId));
}

export const headers = privateHeaders;

/** Acknowledge or close this alert. */
export const action = ({ request, context }: Route.ActionArgs) => alertsAction(request, context, getAdmin(context));

export default function Alert({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <AlertScreen data={loaderData} />;
}
