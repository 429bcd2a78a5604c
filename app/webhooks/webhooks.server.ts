import { createHmac, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "@db/schema";
import { env } from "~/lib/env.server";
import {
  backoffMs as outboxBackoff,
  type Channel,
  deliverDue as deliverOutbox,
  type DeliveryOptions,
  kick,
  type Outcome,
  type OutboxRow,
  type SendResult,
  startSweep,
  stopSweep,
} from "~/outbox/outbox.server";

/**
 * Outgoing webhooks (decision 092): each message a feature queues (today, every new alert:
 * app/alerts/check-signals.server.ts) is POSTed to ALERT_WEBHOOK_URL as JSON, signed with
 * ALERT_WEBHOOK_SECRET in `X-Webhook-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`,
 * decision 150) and, for receivers written before it, `X-Signature` (`sha256=<hex HMAC of the body>`);
 * `X-Webhook-Id` is the delivery's id, the same on every retry. Retried with exponential backoff
 * until the receiver answers 2xx.
 *
 * A shopper's check never waits for it: the delivery is written to the outbox (app/outbox/, decision
 * 159) in the check's own transaction, so a crash loses nothing, and sent after the commit by the
 * outbox's loop, leased to one sender across workers and instances.
 */

export const MAX_ATTEMPTS = 8;
/** First retry after this long; each later one waits twice as long (10 s … about 21 min). */
const BASE_DELAY_MS = 10_000;
const TIMEOUT_MS = 10_000;
const USER_AGENT = "LunaraAlerts/1 (+webhook)";

/** `sha256=<hex>`: the HMAC-SHA-256 of the body with the secret (`X-Signature`, kept for existing receivers). */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * `t=<unix seconds>,v1=<hex>`: the HMAC-SHA-256 of `"<t>.<body>"` with the secret
 * (`X-Webhook-Signature`). The time is signed with the body, so a receiver can refuse a replayed
 * delivery (a `t` older than its tolerance) as well as a forged one; `X-Webhook-Id` lets it drop
 * a retry it has already processed.
 */
export function timedSignature(body: string, secret: string, seconds: number): string {
  return `t=${seconds},v1=${createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex")}`;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return outboxBackoff(attempts, BASE_DELAY_MS);
}

/**
 * One announcement: its event (the body's `event`), the id of the record it is about (stored with
 * the delivery and sent as `X-Alert-Id`: today's only event is a new alert) and the rest of its body.
 */
export type WebhookMessage = { event: string; subjectId: string; data: Record<string, unknown> };

/** The exact body POSTed for a message: its event first, then its data. */
export function webhookBody(message: WebhookMessage): string {
  return JSON.stringify({ event: message.event, ...message.data });
}

/** Queues the messages' deliveries, in the transaction that decided them. No URL: nothing. */
export async function enqueueWebhooks(trx: Transaction<Database>, messages: readonly WebhookMessage[], now: Date): Promise<number> {
  const url = env().ALERT_WEBHOOK_URL;
  if (!url || messages.length === 0) return 0;
  const at = now.toISOString();
  await trx
    .insertInto("webhook_deliveries")
    .values(
      messages.map((message) => ({
        id: randomUUID(),
        alert_id: message.subjectId,
        url,
        payload: webhookBody(message),
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: at,
        lease_until: null,
        last_status: null,
        last_error: null,
        created_at: at,
        delivered_at: null,
      })),
    )
    .execute();
  return messages.length;
}

type WebhookRow = OutboxRow & { alert_id: string; url: string; payload: string };

async function send(url: string, payload: string, secret: string, delivery: { id: string; alertId: string; attempt: number }, timeoutMs: number): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: "POST",
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Signature": signature(payload, secret),
        // Signed at the moment of sending (each attempt anew), by the wall clock a receiver compares with.
        "X-Webhook-Signature": timedSignature(payload, secret, Math.floor(Date.now() / 1000)),
        "X-Webhook-Id": delivery.id,
        "X-Delivery-Id": delivery.id,
        "X-Delivery-Attempt": String(delivery.attempt),
        "X-Alert-Id": delivery.alertId,
      },
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error ? (error.name === "TimeoutError" ? "timeout" : (error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { ok: false, status: null, error: reason.slice(0, 200) };
  }
}

/** The webhook channel of the outbox: each row POSTed to its URL, signed with the secret. */
function webhookChannel(options: { secret?: string; timeoutMs?: number } = {}): Channel<WebhookRow> {
  return {
    name: "webhook",
    table: "webhook_deliveries",
    maxAttempts: MAX_ATTEMPTS,
    baseDelayMs: BASE_DELAY_MS,
    enabled: () => Boolean(env().ALERT_WEBHOOK_URL),
    send: (row, attempt) =>
      send(row.url, row.payload, options.secret ?? env().ALERT_WEBHOOK_SECRET ?? "", { id: row.id, alertId: row.alert_id, attempt }, options.timeoutMs ?? TIMEOUT_MS),
  };
}

const channel = webhookChannel();

/** Sends every delivery that is due (the outbox's loop, for this channel); tests give a clock and a secret. */
export function deliverDue(options: DeliveryOptions & { secret?: string; timeoutMs?: number } = {}): Promise<Outcome[]> {
  return deliverOutbox(options.secret || options.timeoutMs ? webhookChannel(options) : channel, options);
}

/** Sends what is due now, beside the requests (never awaited by a check). */
export function kickWebhooks(): void {
  kick(channel);
}

/** Retries in the background: every 15 s this process sends what has become due. */
export function startWebhookSweep(): void {
  startSweep(channel);
}

export function stopWebhookSweep(): void {
  stopSweep(channel);
}
