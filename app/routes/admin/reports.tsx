import { getAdmin } from "~/auth/guard.server";
import { useBundles } from "~/i18n/use-bundles";
import { loadReportsScreen } from "~/reports/screens/reports-loader.server";
import { ReportsScreen } from "~/reports/screens/reports-screen";
import { privateHeaders, screenData } from "~/http/private.server";
import type { Route } from "./+types/reports";

/** /admin/dashboard/reports: shoppers' counterfeit reports by status (see ~/reports/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadReportsScreen(request, context));
}

export const headers = privateHeaders;

export default function Reports({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ReportsScreen data={loaderData} />;
}
