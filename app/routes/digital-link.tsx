import { data, redirect } from "react-router";
import { shopperHeaders } from "~/platform/http/private.server";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { namedProduct } from "~/features/resolver/links.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { defaultTarget, refuseBadLink, resolveDigitalLink } from "~/features/resolver/respond.server";
import { loadPackPage, packPicks } from "~/features/packs/screens/pack-loader.server";
import { PackScreen } from "~/features/packs/screens/pack-screen";
import type { Route } from "./+types/digital-link";

export const headers = shopperHeaders;

/** GS1's resolver: linksets, link types, default links (decision 190). */
export const middleware: Route.MiddlewareFunction[] = [resolveDigitalLink];

/**
 * Every other path under `/01/` (issue 40): a GS1 Digital Link of another shape than our labels print
 * (a variant, AI 22; a serial without its lot), or no Digital Link at all. One that breaks GS1's grammar
 * is the 400 page (an unknown AI, qualifiers out of order, a value GS1 cannot carry, `/foo` appended).
 * A valid one without a serial goes to its default link (the product's page); one with a serial names no
 * pack of ours (we print `/01/{GTIN}/10/{lot}/21/{serial}` only): the counterfeit answer, logged as a view.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uri = refuseBadLink(request, context);
  if (uri.serial === null) {
    const target = await defaultTarget(uri, request, context);
    if (target) throw redirect(target, 307);
    throw data(null, { status: 404 });
  }
  const { view, status } = await loadPackPage(request, context, { gtin: uri.gtin, serial: uri.serial });
  // What its GTIN names, one level up (decision 190).
  const named = view.state === "unknown" ? await namedProduct(uri.gtin, requestLanguage(context)) : null;
  return data({ view, named, i18n: routeBundles(context, packPicks) }, { status, headers: shopperHeaders() });
}

export default function DigitalLink({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <PackScreen view={loaderData.view} named={loaderData.named} />;
}
