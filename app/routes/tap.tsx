import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadTapPage, tapPicks } from "~/features/nfc/screens/tap-loader.server";
import { TapScreen } from "~/features/nfc/screens/tap-screen";
import type { Route } from "./+types/tap";

export const headers = shopperHeaders;

/**
 * `/tap/{scanId}`: the answer to an NFC tag's tap (issue 41), where the tag's own URL sends the
 * browser once the tap is recorded (Post/Redirect/Get's shape for a GET that records: a reload shows
 * the same answer, never taps again). `/tap/unreadable` (400) and `/tap/limited` (429) answer a link no
 * tag makes and a client past its limit.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await loadTapPage(request, context, params.scanId);
  return data({ view, i18n: routeBundles(context, tapPicks) }, { status: view.status, headers: shopperHeaders() });
}

export default function Tap({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <TapScreen view={loaderData.view} />;
}
