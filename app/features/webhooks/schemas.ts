import type { TFunction } from "i18next";
import { z } from "~/platform/lib/zod";
import { WEBHOOK_EVENTS } from "./events";

/**
 * A webhook endpoint's inputs, shared by the webhooks screen's form and `/api/v1/webhooks/…`
 * (messages in the caller's language, `t` of "webhooks"). Whether the URL is safe to send to needs
 * its DNS answer: the domain function decides that (`url_private`, …), not this shape.
 */
export const URL_MAX = 2000;

function url(t: TFunction<"webhooks">) {
  return z
    .string({ error: t("errors.urlRequired") })
    .trim()
    .min(1, t("errors.urlRequired"))
    .max(URL_MAX, t("errors.urlTooLong"))
    .refine((value) => URL.canParse(value), t("errors.urlInvalid"));
}

function events(t: TFunction<"webhooks">) {
  return z
    .array(z.enum(WEBHOOK_EVENTS, { error: t("errors.unknownEvent") }), { error: t("errors.eventsRequired") })
    .min(1, t("errors.eventsRequired"))
    .transform((list) => [...new Set(list)]);
}

/** `true`/`false` in JSON; a checkbox's "on" in a form (absent: off, which the form's caller decides). */
function enabled(t: TFunction<"webhooks">) {
  return z.preprocess((value) => (value === "on" ? true : value), z.boolean({ error: t("errors.enabledInvalid") }));
}

export function createWebhookSchema(t: TFunction<"webhooks">) {
  return z.object({ url: url(t), events: events(t), enabled: enabled(t).optional() });
}

export function updateWebhookSchema(t: TFunction<"webhooks">) {
  return z
    .object({ url: url(t).optional(), events: events(t).optional(), enabled: enabled(t).optional() })
    .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, { message: t("errors.nothingToChange"), path: ["body"] });
}
