import { getAdmin } from "~/auth/guard.server";
import { useBundles } from "~/i18n/use-bundles";
import { loadScansScreen } from "~/scans/screens/scans-loader.server";
import { ScansScreen } from "~/scans/screens/scans-screen";
import { privateHeaders, screenData } from "~/http/private.server";
import type { Route } from "./+types/scans";

/** /admin/dashboard/scans: the scan log, filtered and paged (see ~/scans/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadScansScreen(request, context));
}

export const headers = privateHeaders;

export default function Scans({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ScansScreen data={loaderData} />;
}
