import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { packPageAction } from "~/features/packs/screens/pack-action.server";
import { loadPackPage, packPicks } from "~/features/packs/screens/pack-loader.server";
import { PackScreen } from "~/features/packs/screens/pack-screen";
import type { Route } from "./+types/pack";

export const headers = shopperHeaders;

/**
 * `/01/{GTIN}/10/{lot}/21/{serial}` (`?17=` ignored): a two-part pack's public page, what its GS1
 * Digital Link QR code opens. Every GET logs a view and consumes nothing; the PIN is this URL's POST.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { view, status } = await loadPackPage(request, context, params);
  return data({ view, i18n: routeBundles(context, packPicks) }, { status, headers: shopperHeaders() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return packPageAction(request, context, params);
}

export default function Pack({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <PackScreen view={loaderData.view} refusal={actionData} />;
}
