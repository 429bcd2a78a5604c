import { data } from "react-router";
import { shopperHeaders } from "~/http/private.server";
import { routeBundles } from "~/i18n/i18n.server";
import { useBundles } from "~/i18n/use-bundles";
import { answerTap } from "~/nfc/screens/tap-loader.server";
import { loadGtinPage, packPicks } from "~/verification/screens/pack-loader.server";
import { PackScreen } from "~/verification/screens/pack-screen";
import type { Route } from "./+types/gtin";

export const headers = shopperHeaders;

/**
 * `/01/{GTIN}` and `/01/{GTIN}/10/{lot}` (a GS1 Digital Link without a serial): a 302 to the product's
 * own page, the one URL it is cached and indexed under (a temporary redirect, as GS1 resolvers answer:
 * where a GTIN leads may change). A GTIN of no product of ours is the counterfeit answer (logged as a
 * view, with the report link); a wrong check digit or a lot GS1 cannot carry is the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // NFC tags (issue 41), before anything else: a tap (`?e=…&c=…`) and an NFC lot's companion QR answer here.
  await answerTap(request, context, params);
  const { view, status } = await loadGtinPage(request, context, params);
  return data({ view, i18n: routeBundles(context, packPicks) }, { status, headers: shopperHeaders() });
}

export default function Gtin({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <PackScreen view={loaderData.view} />;
}
