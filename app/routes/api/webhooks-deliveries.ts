import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, PAGE_QUERY, readPageQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { listDeliveries } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { deliveryJson } from "~/features/webhooks/json";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { deliveryJsonSchema } from "~/features/webhooks/json";

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
