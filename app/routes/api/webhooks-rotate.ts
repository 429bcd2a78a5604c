import { requireApiActor } from "~/auth/guard.server";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { rotateSecret } from "~/webhooks/endpoints.server";
import { webhookErrors } from "~/webhooks/errors";
import { webhookJson } from "~/webhooks/json";

/**
 * POST /api/v1/webhooks/{id}/rotate/ (owner, never a key) → `data: {webhook, secret}`: a new secret,
 * in this answer only; the previous one also signs for 24 hours (`rotation_ends_at`). 404 unknown.
 */
const route = apiRoute({
  POST: async (args) => {
    const by = await requireApiActor(args);
    const outcome = await rotateSecret(by, args.params.webhookId ?? "");
    if (!outcome.ok) return apiFailure(args.context, webhookErrors, outcome);
    return apiOk({ webhook: webhookJson(outcome.value.webhook), secret: outcome.value.secret }, requestT(args.context, "webhooks")("api.rotated"));
  },
});

export const loader = route.loader;
export const action = route.action;
