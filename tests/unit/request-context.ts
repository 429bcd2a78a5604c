import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";

/**
 * A router context as a real request would have it after the root's i18n middleware, so loaders and
 * actions can be called directly in Vitest: `await loader({ request, params, context })`.
 */
export async function requestContext(request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  type Args = Parameters<typeof i18nextMiddleware>[0];
  await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "" } as unknown as Args, async () => new Response(null));
  return context;
}

/**
 * Route handler arguments for a request (params optional). `pattern` is the route's pattern when given
 * (`/api/v1/batches/:batchId`); without it (empty) the permission lookup matches the URL, as it does for a
 * request that reaches a guard without its route.
 */
export async function routeArgs<P extends Record<string, string> = Record<string, string>>(request: Request, params = {} as P, pattern?: string) {
  const url = new URL(request.url);
  return { request, params, context: await requestContext(request), url, pattern: pattern ?? "" };
}
