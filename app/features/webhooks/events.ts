/**
 * The events an endpoint may take (decision 160), in the order the screen lists them; `ping` is the
 * test event an owner sends to one endpoint, never subscribed to.
 */
export const WEBHOOK_EVENTS = ["alert.created", "alert.updated", "report.created", "batch.created", "batch.revoked", "batch.recalled"] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const TEST_EVENT = "ping";

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

const LABEL_KEYS = {
  "alert.created": "events.alert_created",
  "alert.updated": "events.alert_updated",
  "report.created": "events.report_created",
  "batch.created": "events.batch_created",
  "batch.revoked": "events.batch_revoked",
  "batch.recalled": "events.batch_recalled",
} as const satisfies Record<WebhookEvent, string>;

/** The dictionary key ("webhooks") of an event's label. */
export const eventLabelKey = (event: WebhookEvent) => LABEL_KEYS[event];
