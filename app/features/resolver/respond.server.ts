import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { linksetLinkHeader, withCors } from "~/platform/http/cors.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { env } from "~/platform/lib/env.server";
import { isNfcLot } from "~/features/nfc/taps.server";
import { linkTypeIri } from "./link-types";
import { defaultLinkOf, linksOfType, resolveLinks, type LinksetEntry, type Resolved } from "./links.server";
import { acceptWeight, chooseLinks, namesType, type Link } from "./negotiate";
import { parseResolverPath, uriPath, type LinkFault, type ResolverUri } from "./uri";

/**
 * The GS1-Conformant resolver on the Digital Link routes (issue 40, decision 190), as their middleware,
 * in front of the pages a shopper sees there:
 *
 * - a URI that breaks GS1's grammar: 400 (JSON with the fault for a client that asks for data; the
 *   route's loader draws the 400 page for a browser, `refuseBadLink`);
 * - `?linkType=linkset` (or the deprecated `all`), or `Accept: application/linkset+json`: the linkset,
 *   200, RFC 9264's JSON (JSON-LD with its context for `Accept: application/ld+json`), never a redirect;
 * - `?linkType=<type>`: 307 to that type's link, the rest of the query passed on, chosen by Accept and
 *   the request's language; several links a request cannot tell apart: 300 with them as a linkset; a
 *   type the URI has no link of, or a GTIN that is not ours: 404;
 * - anything else: the URI's default link. A serial's is its own page (the pack's, or the warning for a
 *   label we never made), served here without a redirect; a GTIN that is not ours keeps its counterfeit
 *   page (404); any other URI is redirected (307) to its default, the query passed on.
 *
 * Every answer links its linkset (`Link: …; rel="linkset"`) and any origin may read it (CORS). React
 * Router's own data requests (`.data`, a client navigation) and non-GET methods (a PIN's POST) go on to
 * the route.
 */

const LINKSET = "application/linkset+json";
const JSON_LD = "application/ld+json";
/** GS1's JSON-LD context of linksets (the resolver standard's; our description file names it too). */
export const LINKSET_CONTEXT = "https://ref.gs1.org/standards/resolver/linkset-context";

/** True when a request asks for data (JSON of some kind) rather than a page. */
function wantsData(accept: string | null): boolean {
  const data = Math.max(...["application/json", LINKSET, JSON_LD].map((type) => (namesType(accept, type) ? acceptWeight(accept, type) : 0)));
  return data > 0 && data >= acceptWeight(accept, "text/html");
}

function answerHeaders(extra: Record<string, string>): Headers {
  return withCors(new Headers({ "Cache-Control": "no-cache", Vary: "Accept, Accept-Language", ...extra }));
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: answerHeaders({ "Content-Type": "application/json; charset=utf-8", ...headers }) });
}

/** The linkset document (RFC 9264) of some entries. */
export function linksetDocument(entries: LinksetEntry[]): { linkset: Record<string, unknown>[] } {
  return { linkset: entries.map((entry) => ({ anchor: entry.anchor, itemDescription: entry.itemDescription, ...Object.fromEntries(entry.links) })) };
}

function linksetAnswer(entries: LinksetEntry[], accept: string | null, status = 200): Response {
  const ld = namesType(accept, JSON_LD) && acceptWeight(accept, JSON_LD) > acceptWeight(accept, LINKSET);
  const body = ld ? { "@context": LINKSET_CONTEXT, ...linksetDocument(entries) } : linksetDocument(entries);
  const context = `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="${JSON_LD}"`;
  return new Response(JSON.stringify(body), { status, headers: answerHeaders({ "Content-Type": ld ? JSON_LD : LINKSET, Link: context }) });
}

/** A link's target with the request's query passed on (all but `linkType`), as GS1's standard asks of every redirect. */
export function withQuery(href: string, query: URLSearchParams): string {
  const rest = [...query].filter(([name]) => name !== "linkType");
  if (rest.length === 0) return href;
  const target = new URL(href);
  for (const [name, value] of rest) {
    if (target.searchParams.has(name)) target.searchParams.set(name, value);
    else target.searchParams.append(name, value);
  }
  return target.toString();
}

function redirectTo(href: string, url: URL, uri: ResolverUri): Response {
  return new Response(null, { status: 307, headers: answerHeaders({ Location: withQuery(href, url.searchParams), Link: linksetLinkHeader(uriPath(uri)) }) });
}

function notFound(context: Readonly<RouterContextProvider>, reason: "gtin" | "linkType"): Response {
  return json({ error: reason === "gtin" ? "unknown_gtin" : "no_such_link", message: requestT(context, "resolver")(`notFound.${reason}`) }, 404);
}

/** `?linkType=<type>`: 307 to the chosen link, 300 when it cannot be chosen, 404 when there is none. */
function linkTypeAnswer(context: Readonly<RouterContextProvider>, resolved: Resolved, uri: ResolverUri, url: URL, accept: string | null, language: Language): Response {
  const type = linkTypeIri(url.searchParams.get("linkType")!, env().SITE_URL);
  const links = type ? linksOfType(resolved, type) : [];
  const chosen = chooseLinks(links, { accept, language });
  if (chosen.length === 0) return notFound(context, "linkType");
  if (chosen.length === 1) return redirectTo(chosen[0]!.href, url, uri);
  const [entry] = resolved.entries;
  return linksetAnswer([{ anchor: entry!.anchor, itemDescription: entry!.itemDescription, links: [[type!, chosen as Link[]]] }], accept, 300);
}

/** Adds what every answer about a Digital Link carries to a page's answer: its linkset's `Link` and CORS. */
function withResolverHeaders(response: Response, uri: ResolverUri): Response {
  response.headers.append("Link", linksetLinkHeader(uriPath(uri)));
  response.headers.append("Vary", "Accept");
  withCors(response.headers);
  return response;
}

export const resolveDigitalLink: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return next();
  const accept = request.headers.get("accept");
  const parsed = parseResolverPath(url.pathname, url.search);
  if (!parsed.ok) return wantsData(accept) ? faultAnswer(context, parsed.fault) : next();
  const { uri } = parsed;
  const linkType = url.searchParams.get("linkType");
  const linkset = linkType === "linkset" || linkType === "all" || (linkType === null && namesType(accept, LINKSET));
  if (linkType === null && !linkset && uri.serial !== null) return withResolverHeaders(await next(), uri);
  const language = requestLanguage(context);
  const resolved = await resolveLinks(uri, language);
  if (!resolved) return linkset || linkType !== null ? notFound(context, "gtin") : next();
  if (linkset) return linksetAnswer(resolved.entries, accept);
  if (linkType !== null) return linkTypeAnswer(context, resolved, uri, url, accept, language);
  // An NFC tag's tap on its lot's URI (`?e=…&c=…`) and an NFC lot's companion QR are the route's to
  // answer (the tap verified and recorded, the product page saying "tap the tag"; decision 196).
  if (uri.lot !== null && (url.searchParams.has("e") || url.searchParams.has("c") || (await isNfcLot(uri.gtin, uri.lot)))) return next();
  return redirectTo(defaultLinkOf(resolved).href, url, uri);
};

/** 400 as data: the fault and its message in the request's language. */
function faultAnswer(context: Readonly<RouterContextProvider>, fault: LinkFault): Response {
  return json({ error: "invalid_digital_link", fault, message: requestT(context, "resolver")(`faults.${fault}`) }, 400);
}

/**
 * The default link of a URI without a serial, with its query passed on: where the catch-all route's
 * loader sends React Router's own data requests (the middleware has redirected every document request);
 * null for a GTIN that is not ours.
 */
export async function defaultTarget(uri: ResolverUri, request: Request, context: Readonly<RouterContextProvider>): Promise<string | null> {
  const resolved = await resolveLinks(uri, requestLanguage(context));
  return resolved ? withQuery(defaultLinkOf(resolved).href, new URL(request.url).searchParams) : null;
}

/**
 * In a Digital Link route's loader, first: the URI as GS1's grammar reads it, or the 400 page saying
 * what is wrong with it (in the page's language).
 */
export function refuseBadLink(request: Request, context: Readonly<RouterContextProvider>): ResolverUri {
  const url = new URL(request.url);
  const parsed = parseResolverPath(url.pathname.replace(/\.data$/, ""), url.search);
  if (!parsed.ok) throw badLink(context, parsed.fault);
  return parsed.uri;
}

/**
 * The 400 page's answer (the error boundary draws it, `BadLinkContent`): what is wrong and the page's
 * words, in the request's language, carried by the error itself so no page's dictionary has to.
 */
export function badLink(context: Readonly<RouterContextProvider>, fault: LinkFault) {
  const t = requestT(context, "resolver");
  return data({ message: t(`faults.${fault}`), title: t("badLink.title"), text: t("badLink.text"), verify: t("badLink.verify") }, { status: 400 });
}
