import { apiRoute } from "~/platform/http/api.server";
import { openApiText } from "./calls.server";
import type { ApiContract } from "~/platform/http/contract";

const contract = {
  GET: {
    tag: "Reference",
    summary: "This document",
    description: "The OpenAPI 3.1 document itself (not in the envelope). Its reference page is /api/docs.",
    answers: [{ status: 200, document: true, description: "The OpenAPI document." }],
    errors: [],
    cache: "public, max-age=300",
  },
} satisfies ApiContract;

/**
 * GET /api/v1/openapi.json (public): the OpenAPI 3.1 document of every /api/v1 call (decision 157),
 * the document itself rather than an envelope around it, cacheable; its reference page is /api/docs.
 */
const route = apiRoute(contract, {
  GET: async () =>
    new Response(await openApiText(contract), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
    }),
});

export const loader = route.loader;
export const action = route.action;
