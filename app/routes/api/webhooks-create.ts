import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { createEndpoint } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { webhookJson } from "~/features/webhooks/json";
import { createWebhookSchema } from "~/features/webhooks/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { webhookJsonSchema } from "~/features/webhooks/json";

const contract = {
  POST: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "Add a webhook endpoint",
    description: "An `https` URL whose every address is public (unless the server allows otherwise), and the events it takes. The signing secret is in this answer only.",
    body: (t) => createWebhookSchema(t("webhooks")),
    answers: [ok(z.object({ webhook: webhookJsonSchema, secret: z.string() }), "The endpoint and its secret, shown once.", 201)],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/webhooks/create/ `{url, events, enabled?}` (owner, never a key) → 201
 * `data: {webhook, secret}`: the signing secret (`whsec_…`) is in this answer only. 400 for a URL
 * that is not https (or http with WEBHOOK_ALLOW_HTTP) or that resolves to a private address, no or
 * unknown events.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const t = requestT(args.context, "webhooks");
    const input = await readBody(args, createWebhookSchema(t));
    const made = await createEndpoint(by, { url: input.url, events: input.events, enabled: input.enabled ?? true });
    if (!made.ok) return apiFailure(args.context, webhookErrors, made);
    return apiOk({ webhook: webhookJson(made.value.webhook), secret: made.value.secret }, t("api.created"), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
