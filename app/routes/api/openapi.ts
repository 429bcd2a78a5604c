import { apiRoute } from "~/http/api.server";
import { openApiText } from "~/openapi/document.server";

/**
 * GET /api/v1/openapi.json (public): the OpenAPI 3.1 document of every /api/v1 call (decision 157),
 * the document itself rather than an envelope around it, cacheable; its reference page is /api/docs.
 */
const route = apiRoute({
  GET: () =>
    new Response(openApiText(), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
    }),
});

export const loader = route.loader;
export const action = route.action;
