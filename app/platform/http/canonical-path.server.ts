import { redirect, type MiddlewareFunction } from "react-router";

/**
 * The one spelling of each URL (issue 42, N10). React Router matches paths without regard to case and
 * with repeated slashes collapsed, so `/API/DOCS` and `/api/docs//` rendered the API reference, whose
 * document policy is given by its exact path (the page reloaded itself forever under the strict one).
 * A GET or HEAD of a path spelled otherwise than its route is redirected (308) to the route's spelling:
 * static segments as the route writes them, one slash between segments, a trailing slash kept as
 * given; dynamic segments (codes, tokens, ids) and the query exactly as sent.
 */
export function canonicalPathOf(path: string, pattern: string): string | null {
  const segments = path.split("/").filter(Boolean);
  const shape = pattern.split("/").filter(Boolean);
  const out: string[] = [];
  for (const [i, part] of shape.entries()) {
    if (part === "*") {
      out.push(...segments.slice(i));
      break;
    }
    const optional = part.endsWith("?");
    if (i >= segments.length) {
      if (optional) break;
      return null;
    }
    out.push(part.startsWith(":") ? segments[i]! : part.replace(/\?$/, ""));
    if (i === shape.length - 1 && segments.length > shape.length) return null;
  }
  const trailing = out.length > 0 && /\/$/.test(path) ? "/" : "";
  return `/${out.join("/")}${trailing}`;
}

/** The root's redirect of a page or API path spelled otherwise than its route (see canonicalPathOf). */
export const canonicalPath: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  // React Router's own data requests (`.data`) are its client's, always spelled as their page.
  if (url.pathname.endsWith(".data") || !pattern) return next();
  const canonical = canonicalPathOf(url.pathname, pattern);
  if (canonical !== null && canonical !== url.pathname) throw redirect(`${canonical}${url.search}`, 308);
  return next();
};
