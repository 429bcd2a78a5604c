import { redirect, type RouterContextProvider } from "react-router";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { environmentEndpoint, getEndpoint, listDeliveries, listEndpoints } from "../endpoints.server";
import { WEBHOOKS_URL } from "./webhooks-url";

/**
 * The webhooks screen for its URL: the endpoints (ten a page) with the environment's one, or, with
 * `?endpoint={id}`, that endpoint and its delivery log (ten a page); `&rotate=1` asks to confirm a
 * rotation (a step of the page, so it works without JavaScript).
 */
export async function loadWebhooksScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const i18n = routeBundles(context, ["webhooks"]);
  const selected = url.searchParams.get("endpoint");
  if (selected) {
    const endpoint = await getEndpoint(selected);
    const log = endpoint ? await listDeliveries(endpoint.id, page) : null;
    if (!endpoint || !log?.ok) throw redirect(WEBHOOKS_URL);
    if (isPastEnd(log.value.pagination)) throw redirect(withPage(url.pathname, url.search, log.value.pagination.total_pages));
    const { total_pages, total_count } = log.value.pagination;
    return { view: "endpoint" as const, page, endpoint, deliveries: log.value.items, pagination: { total_pages, total_count }, confirmRotate: url.searchParams.get("rotate") === "1", i18n };
  }
  const { items, pagination } = await listEndpoints(page);
  if (isPastEnd(pagination)) throw redirect(withPage(url.pathname, url.search, pagination.total_pages));
  const { total_pages, total_count } = pagination;
  return { view: "list" as const, page, endpoints: items, environment: await environmentEndpoint(), pagination: { total_pages, total_count }, i18n };
}

export type WebhooksScreenData = Awaited<ReturnType<typeof loadWebhooksScreen>>;
export type ListData = Extract<WebhooksScreenData, { view: "list" }>;
export type EndpointData = Extract<WebhooksScreenData, { view: "endpoint" }>;
