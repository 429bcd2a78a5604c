import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { answerTap } from "~/features/nfc/screens/tap-loader.server";
import { refuseBadLink, resolveDigitalLink } from "~/features/resolver/respond.server";
import { loadGtinPage, packPicks } from "~/features/packs/screens/pack-loader.server";
import { PackScreen } from "~/features/packs/screens/pack-screen";
import type { Route } from "./+types/gtin";

export const headers = shopperHeaders;

/** GS1's resolver in front of the page: linksets, link types, the default link (decision 190). */
export const middleware: Route.MiddlewareFunction[] = [resolveDigitalLink];

/**
 * `/01/{GTIN}` and `/01/{GTIN}/10/{lot}` (a GS1 Digital Link without a serial): the resolver (its
 * middleware) redirects them to their default link, the product's own page (or a recalled lot's
 * notice), except an NFC tag's tap and an NFC lot's companion QR (decision 196); a GTIN of no product of ours is the counterfeit answer (404, logged as a view, with the
 * report link); a wrong check digit or a lot GS1 cannot carry is the 400 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  refuseBadLink(request, context);
  // NFC tags (issue 41): a tap (`?e=…&c=…`) and an NFC lot's companion QR, which the resolver passes on.
  await answerTap(request, context, params);
  const { view, status } = await loadGtinPage(request, context, params);
  return data({ view, i18n: routeBundles(context, packPicks) }, { status, headers: shopperHeaders() });
}

export default function Gtin({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <PackScreen view={loaderData.view} />;
}
