import { createContext, matchRoutes, type MiddlewareFunction, type RouteObject, type RouterContextProvider } from "react-router";

/** A route of the server build's manifest (`build.routes`): what a pattern is made from. */
export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The label of requests no route matches (the manifest's catch-all `*` matches the rest). */
export const UNMATCHED = "unmatched";
/** Hashed static files (`build/client/assets`), served before React Router: one label for all. */
export const ASSETS = "/assets/*";

function toTree(manifest: Record<string, RouteEntry | undefined>): RouteObject[] {
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const entry of Object.values(manifest)) {
    if (!entry) continue;
    const list = children.get(entry.parentId) ?? [];
    list.push(entry);
    children.set(entry.parentId, list);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((entry): RouteObject =>
      entry.index
        ? { id: entry.id, path: entry.path, index: true }
        : { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, children: build(entry.id) },
    );
  return build(undefined);
}

/** React Router's data requests (`/verify.data`, `/_root.data` for `/`) belong to the page's route. */
function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** A route pattern as a label: one leading slash, no doubled ones (`api/v1/packs/:serial` → `/api/v1/packs/:serial`). */
const asLabel = (pattern: string) => `/${pattern}`.replace(/\/{2,}/g, "/");

const matchedPattern = createContext<string | null>(null);

/**
 * Root middleware: keeps the pattern React Router matched for this request (its middleware's
 * `pattern`, the same label `routePatterns` computes) in the request's context, where server.js reads
 * it for the request's metrics (`routePatternOf`). Matching a path again cost a ranking of every
 * route, for every request whose path was new: each pack page and PIN redemption (decision 175).
 */
export const keepRoutePattern: MiddlewareFunction<Response> = ({ pattern, context }, next) => {
  context.set(matchedPattern, asLabel(pattern));
  return next();
};

/** The pattern `keepRoutePattern` kept, or null when the request never reached React Router's middleware. */
export function routePatternOf(context: Readonly<RouterContextProvider>): string | null {
  return context.get(matchedPattern);
}

/**
 * The route pattern a request path belongs to (`/api/v1/packs/:serial/redeem`, `/01/:gtin/10/:lot/21/:serial`,
 * `/*` for the not-found page), never the path itself: a metric labelled with it has one series per
 * route, whatever codes or serials the URLs carry. Matched as React Router matches (its own
 * `matchRoutes` over the server build's manifest); the last `size` paths are remembered, since
 * matching ranks every route each time. For the requests React Router answered, its own match is
 * used instead (`keepRoutePattern`); this labels the rest (static files, the page cache's answers,
 * the edge's refusals).
 */
export function routePatterns(manifest: Record<string, RouteEntry | undefined>, size = 1000): (path: string) => string {
  const tree = toTree(manifest);
  const seen = new Map<string, string>();
  return (requestPath) => {
    const path = pagePath(requestPath);
    if (path.startsWith("/assets/")) return ASSETS;
    const known = seen.get(path);
    if (known !== undefined) return known;
    const matches = matchRoutes(tree, path);
    const pattern = matches ? asLabel(matches.map((m) => m.route.path ?? "").filter(Boolean).join("/")) : UNMATCHED;
    seen.set(path, pattern);
    if (seen.size > size) seen.delete(seen.keys().next().value!);
    return pattern;
  };
}
