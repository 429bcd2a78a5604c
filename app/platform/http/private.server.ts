import { data, type RouterContextProvider } from "react-router";
import { routeBundles } from "~/platform/i18n/i18n.server";

/**
 * Admin-only answers are never cached or indexed. The one place that says how: the admin layout's
 * middleware marks every answer under it (`markPrivate`), a route outside it (sign-in, invitation,
 * session) marks its own, a route's `headers` export is `privateHeaders`, a loader answers
 * `privateData(value)`.
 */
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export const privateHeaders = () => ({ ...PRIVATE_HEADERS });

export function markPrivate(headers: Headers): Headers {
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) headers.set(name, value);
  return headers;
}

/**
 * A shopper's own answer (a check's result, a pack's page, a report): kept by no shared cache,
 * revalidated by the browser, not indexed. A route's `headers` export is `shopperHeaders`.
 */
export const shopperHeaders = () => ({ "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" });

export const privateData = <T>(value: T) => data(value, { headers: privateHeaders() });

/** A brand-protection screen's loader answer: its data and the "protection" dictionary for the browser (decision 065). */
export function screenData<T extends object>(context: Readonly<RouterContextProvider>, screen: T) {
  return privateData({ ...screen, i18n: routeBundles(context, ["protection"]) });
}
