import { data, type RouterContextProvider } from "react-router";
import { routeBundles } from "~/i18n/i18n.server";

/**
 * The answer of a brand-protection admin screen's loader: its data, the "protection" dictionary for
 * the browser (decision 065), never cached.
 */
export function screenData<T extends object>(context: Readonly<RouterContextProvider>, screen: T) {
  return data({ ...screen, i18n: routeBundles(context, ["protection"]) }, { headers: { "Cache-Control": "no-store" } });
}

/** Admin answers are never cached or indexed (a route's `headers`). */
export function adminHeaders() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}
