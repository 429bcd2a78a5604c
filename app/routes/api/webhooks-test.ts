import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { sendTestEvent } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { deliveryJson } from "~/features/webhooks/json";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { deliveryJsonSchema } from "~/features/webhooks/json";

const contract = {
  POST: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "Send a test event",
    description: "Queues a `ping` to the endpoint (enabled or not); the delivery log shows how it went.",
    answers: [ok(z.object({ delivery: deliveryJsonSchema }), "The queued delivery.", 202)],
    errors: [404],
  },
} satisfies ApiContract;

/** POST /api/v1/webhooks/{id}/test/ (owner, never a key) → 202 `data: {delivery}`: a `ping` queued to this endpoint; 404 unknown. */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const outcome = await sendTestEvent(by, args.params.webhookId ?? "");
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOk({ delivery: deliveryJson(outcome.value) }, requestT(args.context, "webhooks")("api.tested"), { status: 202 });
  },
});

export const loader = route.loader;
export const action = route.action;
