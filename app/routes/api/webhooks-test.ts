import { requireApiActor } from "~/auth/guard.server";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { sendTestEvent } from "~/webhooks/endpoints.server";
import { webhookErrors } from "~/webhooks/errors";
import { deliveryJson } from "~/webhooks/json";
import { ok, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { deliveryJsonSchema } from "~/webhooks/json";

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
