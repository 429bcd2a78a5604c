import { getAdmin } from "~/features/sessions/guard.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { reportAction } from "~/features/reports/screens/report-action.server";
import { loadReportScreen } from "~/features/reports/screens/reports-loader.server";
import { ReportScreen } from "~/features/reports/screens/report-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/report";

/** /admin/dashboard/reports/:reportId: one report, its photo, scan, the code's history and notes; status changes. */
export async function loader({ params, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadReportScreen(params.reportId));
}

export const headers = privateHeaders;

/** Change the report's status (with a note). */
export const action = ({ request, params, context }: Route.ActionArgs) => reportAction(request, context, params.reportId, getAdmin(context));

export default function Report({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ReportScreen data={loaderData} />;
}
