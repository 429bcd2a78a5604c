import { z } from "~/platform/lib/zod";
import type { DeliveryView, EndpointView } from "./endpoints.server";
import { TEST_EVENT, WEBHOOK_EVENTS } from "./events";

/** A delivery as the API answers it: the one shape of it, also the OpenAPI document's. */
export const deliveryJsonSchema = z.object({
  id: z.string().describe("The delivery's id (`X-Webhook-Id`)."),
  webhook_id: z.string().nullable().describe("The endpoint's id; null for the endpoint ALERT_WEBHOOK_URL defines."),
  event: z.string().describe(`One of ${WEBHOOK_EVENTS.join(", ")}, or \`${TEST_EVENT}\` (a test event).`),
  event_id: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  response_status: z.number().int().nullable().describe("The receiver's last HTTP status, or null (no answer)."),
  error: z.string().nullable(),
  duration_ms: z.number().nullable().describe("How long the last attempt took."),
  next_attempt_at: z.string().nullable().describe("When a pending delivery is tried again; null otherwise."),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});

/** An endpoint as the API answers it (never its secret). */
export const webhookJsonSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  rotation_ends_at: z.string().nullable().describe("While a rotation's overlap lasts, when it ends: both secrets sign until then."),
  last_delivery: deliveryJsonSchema.nullable(),
});

/** The endpoint ALERT_WEBHOOK_URL defines, read-only (null when unset). */
export const environmentWebhookJsonSchema = z
  .object({ url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), last_delivery: deliveryJsonSchema.nullable() })
  .nullable();

/** A delivery as the API answers it: event, attempt, status, duration, next retry. */
export function deliveryJson(delivery: DeliveryView): z.infer<typeof deliveryJsonSchema> {
  return {
    id: delivery.id,
    webhook_id: delivery.endpoint_id,
    event: delivery.event,
    event_id: delivery.event_id,
    status: delivery.status,
    attempts: delivery.attempts,
    response_status: delivery.last_status,
    error: delivery.last_error,
    duration_ms: delivery.duration_ms,
    next_attempt_at: delivery.status === "pending" ? delivery.next_attempt_at : null,
    created_at: delivery.created_at,
    delivered_at: delivery.delivered_at,
  };
}

/** An endpoint as the API answers it (never its secret). */
export function webhookJson(webhook: EndpointView): z.infer<typeof webhookJsonSchema> {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    enabled: webhook.enabled,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
    rotation_ends_at: webhook.rotation_ends_at,
    last_delivery: webhook.last_delivery ? deliveryJson(webhook.last_delivery) : null,
  };
}
