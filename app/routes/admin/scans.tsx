import { getAdmin } from "~/features/sessions/guard.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadScansScreen } from "~/features/scans/screens/scans-loader.server";
import { ScansScreen } from "~/features/scans/screens/scans-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import type { Route } from "./+types/scans";

/** /admin/dashboard/scans: the scan log, filtered and paged (see ~/features/scans/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return screenData(context, await loadScansScreen(request, context));
}

export const headers = privateHeaders;

export default function Scans({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ScansScreen data={loaderData} />;
}
