import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { rotateSecret } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { webhookJson } from "~/features/webhooks/json";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { webhookJsonSchema } from "~/features/webhooks/json";

const contract = {
  POST: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "Rotate an endpoint's secret",
    description: "A new secret, in this answer only; for 24 hours both the new and the previous secret sign (two `v1=` in `X-Webhook-Signature`).",
    answers: [ok(z.object({ webhook: webhookJsonSchema, secret: z.string() }), "The endpoint and its new secret, shown once.")],
    errors: [404],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/webhooks/{id}/rotate/ (owner, never a key) → `data: {webhook, secret}`: a new secret,
 * in this answer only; the previous one also signs for 24 hours (`rotation_ends_at`). 404 unknown.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const outcome = await rotateSecret(by, args.params.webhookId ?? "");
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOk({ webhook: webhookJson(outcome.value.webhook), secret: outcome.value.secret }, requestT(args.context, "webhooks")("api.rotated"));
  },
});

export const loader = route.loader;
export const action = route.action;
