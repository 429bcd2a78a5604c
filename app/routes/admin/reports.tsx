import { getAdmin } from "~/features/sessions/guard.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadReportsScreen } from "~/features/reports/screens/reports-loader.server";
import { ReportsScreen } from "~/features/reports/screens/reports-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/reports";

/** /admin/dashboard/reports: shoppers' counterfeit reports by status (see ~/features/reports/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadReportsScreen(request, context));
}

export const headers = privateHeaders;

export default function Reports({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ReportsScreen data={loaderData} />;
}
