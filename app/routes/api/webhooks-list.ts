import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, PAGE_QUERY, readPageQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { environmentEndpoint, listEndpoints } from "~/features/webhooks/endpoints.server";
import { deliveryJson, webhookJson } from "~/features/webhooks/json";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { environmentWebhookJsonSchema, webhookJsonSchema } from "~/features/webhooks/json";

const contract = {
  GET: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "List webhook endpoints",
    description: "The managed endpoints (never a secret) and, as `environment`, the one `ALERT_WEBHOOK_URL` defines (read-only; null when unset).",
    query: PAGE_QUERY,
    answers: [paged(z.object({ webhooks: z.array(webhookJsonSchema), environment: environmentWebhookJsonSchema }))],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/webhooks/list/?page=N (owner, never a key) → `data: {webhooks, environment}` and
 * `pagination`: the managed endpoints (never a secret) and the one ALERT_WEBHOOK_URL defines (or null).
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const { items, pagination } = await listEndpoints(readPageQuery(args));
    const fromEnv = await environmentEndpoint();
    const environment = fromEnv ? { url: fromEnv.url, events: fromEnv.events, last_delivery: fromEnv.last_delivery ? deliveryJson(fromEnv.last_delivery) : null } : null;
    return apiOkPaged({ webhooks: items.map(webhookJson), environment }, pagination, requestT(args.context, "webhooks")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
