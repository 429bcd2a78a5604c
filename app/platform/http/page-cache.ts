/**
 * A route's `handle` that lets the page cache in front of React Router keep its document: the same
 * for every visitor in one language (decision 132; app/platform/http/page-cache.server.ts). Only the deepest
 * matched route decides.
 */
export const cacheablePage = { pageCache: true } as const;

/** True when the deepest matched route is a cacheable page. */
export function wantsPageCache(handles: readonly unknown[]): boolean {
  const last = handles.at(-1) as { pageCache?: unknown } | undefined;
  return last?.pageCache === true;
}
