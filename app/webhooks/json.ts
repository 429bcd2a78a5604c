import type { DeliveryView, EndpointView } from "./endpoints.server";

/** A delivery as the API answers it: event, attempt, status, duration, next retry. */
export function deliveryJson(delivery: DeliveryView) {
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
export function webhookJson(webhook: EndpointView) {
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
