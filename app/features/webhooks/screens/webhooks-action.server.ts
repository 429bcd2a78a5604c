import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { clientHash } from "~/platform/http/client.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { formText } from "~/platform/lib/form-text";
import { createEndpoint, redeliver, rotateSecret, sendTestEvent, updateEndpoint } from "../endpoints.server";
import { webhookErrors, type WebhookError } from "../errors";
import { createWebhookSchema } from "../schemas";
import { endpointUrl, WEBHOOKS_URL } from "./webhooks-url";

/** A secret answered in the page, once (a new endpoint's, or a rotation's), never in a cookie or a URL. */
export type SecretReveal = { url: string; secret: string };

/**
 * The webhooks screen's actions (owners, by the permission matrix): add an endpoint or rotate a
 * secret (answered with the secret in the page itself); save, enable/disable, send a test event,
 * redeliver (redirected to the endpoint with a toast). Refused input answers the form again, an
 * unsafe URL as the URL field's error.
 */
export async function webhooksAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "webhooks");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const by = { admin, clientHash: clientHash(request) };
  const failed = (url: string, error: WebhookError) => redirectWithToast(url, { type: "error", title: t("toast.failed"), description: errorMessage(t, webhookErrors, error) });
  const done = (url: string, description: string) => redirectWithToast(url, { type: "success", title: tc("toast.success"), description });

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(form, { schema: createWebhookSchema(t) });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), reveal: null }, { status: 400 });
    const input = { url: submission.value.url, events: submission.value.events, enabled: submission.value.enabled ?? false };
    const outcome = intent === "create" ? await createEndpoint(by, input) : await updateEndpoint(by, id, input);
    if (!outcome.ok) {
      if (outcome.error === "not_found") return failed(WEBHOOKS_URL, outcome.error);
      return data({ intent, result: submission.reply({ fieldErrors: { url: [errorMessage(t, webhookErrors, outcome.error)] } }), reveal: null }, { status: 400 });
    }
    if ("secret" in outcome.value) {
      const reveal: SecretReveal = { url: outcome.value.webhook.url, secret: outcome.value.secret };
      return data({ intent, result: submission.reply({ resetForm: true }), reveal, toast: t("toast.created") });
    }
    return done(endpointUrl(id), t("toast.updated"));
  }
  if (intent === "toggle") {
    const enabled = formText(form, "enabled") === "true";
    const outcome = await updateEndpoint(by, id, { enabled });
    return outcome.ok ? done(endpointUrl(id), t(enabled ? "toast.enabled" : "toast.disabled")) : failed(WEBHOOKS_URL, outcome.error);
  }
  if (intent === "rotate") {
    const outcome = await rotateSecret(by, id);
    if (!outcome.ok) return failed(WEBHOOKS_URL, outcome.error);
    const reveal: SecretReveal = { url: outcome.value.webhook.url, secret: outcome.value.secret };
    return data({ intent, result: null, reveal, toast: t("toast.rotated") });
  }
  if (intent === "test") {
    const outcome = await sendTestEvent(by, id);
    return outcome.ok ? done(endpointUrl(id), t("toast.tested")) : failed(WEBHOOKS_URL, outcome.error);
  }
  if (intent === "redeliver") {
    const outcome = await redeliver(by, id, formText(form, "delivery"));
    return outcome.ok ? done(endpointUrl(id), t("toast.redelivered")) : failed(outcome.error === "not_found" ? WEBHOOKS_URL : endpointUrl(id), outcome.error);
  }
  return redirectWithToast(WEBHOOKS_URL, { type: "error", title: tc("toast.error"), description: t("errors.unknownAction") });
}
