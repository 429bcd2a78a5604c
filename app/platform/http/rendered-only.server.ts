import { createContext, RouterContextProvider } from "react-router";

/**
 * Content a document renders on the server without a copy in its hydration data (decision 140).
 *
 * A loader hands such content to `renderedOnly`. On a document request (marked by server.js through
 * `loadContext`) the content is kept in the request's context, entry.server gives it to the render
 * (`RenderedOnlyContext`, app/platform/ui/static-island.tsx), and the loader data carries `null`: the browser
 * hydrates those parts as islands and keeps the server's markup. A client navigation (a `.data`
 * request), a test calling the loader, or the development server has no mark and gets the content
 * in the loader data, as before.
 */
const documentRequest = createContext(false);
const renderedOnlyContent = createContext<Map<string, unknown> | null>(null);

/** The context server.js hands React Router for one request; `document` is false for `.data` requests. */
export function loadContext({ document }: { document: boolean }): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(documentRequest, document);
  return context;
}

/** `value` for the loader data, or `null` on a document request, which renders it from the context. */
export function renderedOnly<T>(context: Readonly<RouterContextProvider>, key: string, value: T): T | null {
  if (!context.get(documentRequest)) return value;
  let kept = context.get(renderedOnlyContent);
  if (!kept) {
    kept = new Map();
    context.set(renderedOnlyContent, kept);
  }
  kept.set(key, value);
  return null;
}

/** What the request's loaders kept for the server render (entry.server provides it to the tree). */
export function renderedOnlyFor(context: Readonly<RouterContextProvider>): ReadonlyMap<string, unknown> | null {
  return context.get(renderedOnlyContent);
}
