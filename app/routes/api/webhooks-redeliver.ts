import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { redeliver } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { deliveryJson } from "~/features/webhooks/json";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { deliveryJsonSchema } from "~/features/webhooks/json";

const contract = {
  POST: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "Redeliver an event",
    description: "A new delivery of the same event (same `event_id` and body, its own delivery id).",
    answers: [ok(z.object({ delivery: deliveryJsonSchema }), "The queued delivery.", 202)],
    errors: [404],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/ (owner, never a key) → 202
 * `data: {delivery}`: the same event (event id, body) as a new delivery; 404 unknown endpoint or delivery.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const outcome = await redeliver(by, args.params.webhookId ?? "", args.params.deliveryId ?? "");
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOk({ delivery: deliveryJson(outcome.value) }, requestT(args.context, "webhooks")("api.redelivered"), { status: 202 });
  },
});

export const loader = route.loader;
export const action = route.action;
