import { data } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { packPageJsonLd } from "~/features/resolver/json-ld.server";
import { namedProduct } from "~/features/resolver/links.server";
import { refuseBadLink, resolveDigitalLink } from "~/features/resolver/respond.server";
import { JsonLd } from "~/platform/ui/json-ld";
import { packPageAction } from "~/features/packs/screens/pack-action.server";
import { loadPackPage, packPicks } from "~/features/packs/screens/pack-loader.server";
import { PackScreen } from "~/features/packs/screens/pack-screen";
import type { Route } from "./+types/pack";

export const headers = shopperHeaders;

/** GS1's resolver in front of the page: linksets and link types; a plain GET is this page (decision 190). */
export const middleware: Route.MiddlewareFunction[] = [resolveDigitalLink];

/**
 * `/01/{GTIN}/10/{lot}/21/{serial}` (`?17=` ignored): a two-part pack's public page, what its GS1
 * Digital Link QR code opens. Every GET logs a view and consumes nothing; the PIN is this URL's POST.
 * A link GS1 could not have made is the 400 page; a pack of ours says what it is in JSON-LD.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const uri = refuseBadLink(request, context);
  const { view, status } = await loadPackPage(request, context, params);
  const language = requestLanguage(context);
  const jsonLd = packPageJsonLd(uri, view, language);
  // A serial we never made: the product its GTIN names, and that product's links (decision 190).
  const named = view.state === "unknown" ? await namedProduct(uri.gtin, language) : null;
  return data({ view, jsonLd, named, i18n: routeBundles(context, packPicks) }, { status, headers: shopperHeaders() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return packPageAction(request, context, params);
}

export default function Pack({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return (
    <>
      <PackScreen view={loaderData.view} refusal={actionData} named={loaderData.named} />
      <JsonLd data={loaderData.jsonLd} />
    </>
  );
}
