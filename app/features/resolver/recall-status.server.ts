import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { lotRecall, type LotRecall } from "~/features/batches/recalls.server";
import { productName } from "~/platform/catalog/catalog";
import type { Product } from "~/platform/catalog/types";
import { withCors } from "~/platform/http/cors.server";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { productOfGtin } from "~/features/packs/packs.server";
import { recallShown, type RecallShown } from "~/platform/codes/view";
import { refuseBadLink } from "./respond.server";
import { acceptWeight, namesType } from "./negotiate";
import { parseResolverPath, type ResolverUri } from "./uri";

/**
 * A lot's recall status (decision 190), where its `gs1:recallStatus` links lead:
 * `/recalls/01/{GTIN}/10/{lot}` is a page for people in the site's style (`?lng=en|ar`), and the same
 * URL with `?format=json` (or asked for with `Accept: application/json`) is the document a machine
 * reads: `{gtin, lot, recalled, since, notice, hazard, remedy}`, the texts in English and Arabic. A lot we
 * never made is simply not recalled (no oracle for lots); a GTIN that is not ours is 404.
 */

/** Both languages of one text. */
type Both = { en: string; ar: string };

export type RecallStatusDocument = {
  gtin: string;
  lot: string;
  recalled: boolean;
  /** YYYY-MM-DD, or null when not recalled. */
  since: string | null;
  notice: Both | null;
  /** Null too for a recall made before the hazard and remedy were asked for (decision 191). */
  hazard: Both | null;
  remedy: Both | null;
};

const nonEmpty = (both: Both): Both | null => (both.en || both.ar ? both : null);

export function recallStatusDocument(gtin: string, lot: string, recall: LotRecall | null): RecallStatusDocument {
  if (!recall) return { gtin, lot, recalled: false, since: null, notice: null, hazard: null, remedy: null };
  return { gtin, lot, recalled: true, since: recall.since, notice: { en: recall.en, ar: recall.ar }, hazard: nonEmpty(recall.hazard), remedy: nonEmpty(recall.remedy) };
}

/** The URI of a recall status path (`/recalls/01/…/10/…`), or null when it is not one. */
function statusUri(pathname: string): ResolverUri | null {
  const parsed = parseResolverPath(pathname.replace(/^\/recalls/, ""));
  return parsed.ok && parsed.uri.lot !== null && parsed.uri.serial === null && parsed.uri.cpv === null ? parsed.uri : null;
}

/** The route's middleware: the JSON document for `?format=json` or a request that prefers JSON; the page otherwise. */
export const recallStatusJson: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const accept = request.headers.get("accept");
  const wanted = url.searchParams.get("format") === "json" || (namesType(accept, "application/json") && acceptWeight(accept, "application/json") >= acceptWeight(accept, "text/html"));
  if ((request.method !== "GET" && request.method !== "HEAD") || url.pathname.endsWith(".data") || !wanted) return next();
  const headers = withCors(new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache", Vary: "Accept" }));
  const uri = statusUri(url.pathname);
  if (!uri) return new Response(JSON.stringify({ error: "invalid_digital_link" }), { status: 400, headers });
  const product = productOfGtin(uri.gtin);
  if (!product) return new Response(JSON.stringify({ error: "unknown_gtin" }), { status: 404, headers });
  return new Response(JSON.stringify(recallStatusDocument(uri.gtin, uri.lot!, await lotRecall(product.id, uri.lot!))), { headers });
};

/** What the recall status page shows: the product (name, picture, GTIN), the lot and its open recall, if any. */
export type RecallStatusView = {
  product: { id: string; name: string; image: string | null; gtin: string };
  lot: string;
  recall: (RecallShown & { lot: string }) | null;
};

/** The page's loader: its view, the 400 page for a URI GS1 could not have made, 404 for a GTIN not ours. */
export async function loadRecallStatus(request: Request, context: Readonly<RouterContextProvider>): Promise<RecallStatusView> {
  const url = new URL(request.url);
  const uri = refuseBadLink(new Request(new URL(url.pathname.replace(/^\/recalls/, "") + url.search, url)), context);
  const product: Product | undefined = productOfGtin(uri.gtin);
  if (!product || uri.lot === null) throw data(null, { status: 404 });
  const language = requestLanguage(context);
  const recall = await lotRecall(product.id, uri.lot);
  const shown = recallShown(recall, language, uri.gtin);
  return {
    product: { id: product.id, name: productName(product, language), image: product.images[0] ?? null, gtin: uri.gtin },
    lot: uri.lot,
    recall: shown ? { ...shown, lot: uri.lot } : null,
  };
}
