import { requireApiAdmin } from "~/auth/guard.server";
import { apiFailure, apiRoute, PAGE_QUERY, readPageQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { listDeliveries } from "~/webhooks/endpoints.server";
import { webhookErrors } from "~/webhooks/errors";
import { deliveryJson } from "~/webhooks/json";
import { paged, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { deliveryJsonSchema } from "~/webhooks/json";

const contract = {
  GET: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "An endpoint's delivery log",
    query: PAGE_QUERY,
    answers: [paged(z.object({ deliveries: z.array(deliveryJsonSchema) }))],
    errors: [400, 404],
  },
} satisfies ApiContract;

/** GET /api/v1/webhooks/{id}/deliveries/?page=N (owner, never a key) → `data: {deliveries}` (newest first) and `pagination`; 404 unknown. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const outcome = await listDeliveries(args.params.webhookId ?? "", readPageQuery(args));
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOkPaged({ deliveries: outcome.value.items.map(deliveryJson) }, outcome.value.pagination, requestT(args.context, "webhooks")("api.deliveries"));
  },
});

export const loader = route.loader;
export const action = route.action;
