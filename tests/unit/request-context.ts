import { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/i18n/middleware.server";

/**
 * A router context as a real request would have it after the root's i18n middleware, so loaders and
 * actions can be called directly in Vitest: `await loader({ request, params, context })`.
 */
export async function requestContext(request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  type Args = Parameters<typeof i18nextMiddleware>[0];
  await i18nextMiddleware({ request, context, params: {} } as unknown as Args, async () => new Response(null));
  return context;
}

/** Route handler arguments for a request (params optional). */
export async function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: await requestContext(request), unstable_pattern: "", unstable_url: new URL(request.url) } as const;
}
