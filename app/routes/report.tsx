import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { ReportPage } from "~/features/reports/screens/report-form-screen";
import { loadReportPage } from "~/features/reports/screens/report-form-loader.server";
import { reportPageAction } from "~/features/reports/screens/report-form-action.server";
import type { Route } from "./+types/report";

export const headers = shopperHeaders;

/**
 * /verify/result/:scanId/report: "Report where you bought it" after a result that was not genuine.
 * A multipart POST stores the report and redirects to the same page with its reference.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await loadReportPage(request, context, params.scanId);
  return data({ view, i18n: routeBundles(context, ["report"]) }, { headers: shopperHeaders() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return reportPageAction(request, context, params.scanId);
}

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ReportPage view={loaderData.view} refusal={actionData} />;
}
