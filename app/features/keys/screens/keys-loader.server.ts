import { redirect, type RouterContextProvider } from "react-router";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { listKeys } from "../api-keys.server";

/**
 * The keys screen for its URL: the keys (ten a page), newest first, and the "keys" dictionary. With
 * `?revoke={id}` (the revoke button without JavaScript), the key whose revocation is to be confirmed.
 */
export async function loadKeysScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const { items, pagination } = await listKeys(page);
  if (isPastEnd(pagination)) throw redirect(withPage(url.pathname, url.search, pagination.total_pages));
  const revoke = url.searchParams.get("revoke");
  return {
    page,
    pagination: { total_pages: pagination.total_pages, total_count: pagination.total_count },
    keys: items,
    confirm: items.find((key) => key.id === revoke && key.state !== "revoked") ?? null,
    i18n: routeBundles(context, ["keys"]),
  };
}

export type KeysScreenData = Awaited<ReturnType<typeof loadKeysScreen>>;
export type KeyRowData = KeysScreenData["keys"][number];
