import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { updateEndpoint } from "~/features/webhooks/endpoints.server";
import { webhookErrors } from "~/features/webhooks/errors";
import { webhookJson } from "~/features/webhooks/json";
import { updateWebhookSchema } from "~/features/webhooks/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { webhookJsonSchema } from "~/features/webhooks/json";

const contract = {
  PATCH: {
    permission: "webhooks:manage",
    tag: "Webhooks",
    summary: "Change a webhook endpoint",
    description: "Its URL, events or whether it is enabled.",
    body: (t) => updateWebhookSchema(t("webhooks")),
    answers: [ok(z.object({ webhook: webhookJsonSchema }), "The endpoint, changed.")],
    errors: [400, 404],
  },
} satisfies ApiContract;

/** PATCH /api/v1/webhooks/{id}/ `{url?, events?, enabled?}` (owner, never a key) → `data: {webhook}`; 400 unsafe URL, 404 unknown. */
const route = apiRoute(contract, {
  PATCH: async (args) => {
    const by = await requireApiActor(args);
    const t = requestT(args.context, "webhooks");
    const outcome = await updateEndpoint(by, args.params.webhookId ?? "", await readBody(args, updateWebhookSchema(t)));
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOk({ webhook: webhookJson(outcome.value) }, t("api.updated"));
  },
});

export const loader = route.loader;
export const action = route.action;
