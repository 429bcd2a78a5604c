import { createHmac, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database } from "@db/schema";
import { env } from "~/lib/env.server";

/**
 * Outgoing webhooks (decision 092): each message a feature queues (today, every new alert:
 * app/alerts/check-signals.server.ts) is POSTed to ALERT_WEBHOOK_URL as JSON, signed with
 * ALERT_WEBHOOK_SECRET in `X-Webhook-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`,
 * decision 150) and, for receivers written before it, `X-Signature` (`sha256=<hex HMAC of the body>`);
 * `X-Webhook-Id` is the delivery's id, the same on every retry. Retried with exponential backoff
 * until the receiver answers 2xx.
 *
 * A shopper's check never waits for it: the delivery is written to an outbox table in the check's
 * own transaction (so a crash loses nothing), and sent after the commit by a loop that runs beside
 * the requests. A lease on each row lets any number of workers and instances run that loop without
 * sending one delivery twice at once.
 */

export const MAX_ATTEMPTS = 8;
/** First retry after this long; each later one waits twice as long (10 s … about 21 min). */
export const BASE_DELAY_MS = 10_000;
const MAX_DELAY_MS = 60 * 60_000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const SWEEP_MS = 15_000;
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
export function backoffMs(attempts: number, base = BASE_DELAY_MS): number {
  return Math.min(MAX_DELAY_MS, base * 2 ** Math.max(0, attempts - 1));
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

export type DeliveryOptions = {
  now?: () => Date;
  baseDelayMs?: number;
  timeoutMs?: number;
  secret?: string;
  db?: Kysely<Database>;
};

type Outcome = { id: string; delivered: boolean; status: number | null; error: string | null };

/** Claims one due delivery for this process (a conditional UPDATE: only one claimant wins). */
async function claim(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const row = await db
    .updateTable("webhook_deliveries")
    .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

async function send(url: string, payload: string, secret: string, delivery: { id: string; alertId: string; attempt: number }, timeoutMs: number) {
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

/**
 * Sends every delivery that is due, one at a time, and records each outcome: delivered, or the next
 * attempt after the backoff, or failed for good after MAX_ATTEMPTS.
 */
export async function deliverDue(options: DeliveryOptions = {}): Promise<Outcome[]> {
  const db = options.db ?? (await getDb());
  const clock = options.now ?? (() => new Date());
  const secret = options.secret ?? env().ALERT_WEBHOOK_SECRET ?? "";
  const outcomes: Outcome[] = [];
  for (;;) {
    const now = clock();
    const at = now.toISOString();
    const due = await db
      .selectFrom("webhook_deliveries")
      .select(["id", "alert_id", "url", "payload", "attempts"])
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)]))
      .orderBy("next_attempt_at")
      .limit(20)
      .execute();
    let claimedAny = false;
    for (const row of due) {
      if (!(await claim(db, row.id, now))) continue;
      claimedAny = true;
      const attempt = row.attempts + 1;
      const result = await send(row.url, row.payload, secret, { id: row.id, alertId: row.alert_id, attempt }, options.timeoutMs ?? TIMEOUT_MS);
      const finished = clock();
      const failedForGood = !result.ok && attempt >= MAX_ATTEMPTS;
      await db
        .updateTable("webhook_deliveries")
        .set({
          attempts: attempt,
          status: result.ok ? "delivered" : failedForGood ? "failed" : "pending",
          delivered_at: result.ok ? finished.toISOString() : null,
          next_attempt_at: result.ok || failedForGood ? finished.toISOString() : new Date(finished.getTime() + backoffMs(attempt, options.baseDelayMs)).toISOString(),
          lease_until: null,
          last_status: result.status,
          last_error: result.error,
        })
        .where("id", "=", row.id)
        .execute();
      if (!result.ok) console.warn(`Alert webhook ${row.id} attempt ${attempt} failed (${result.error})${failedForGood ? ": giving up" : ""}`);
      outcomes.push({ id: row.id, delivered: result.ok, status: result.status, error: result.error });
    }
    if (!claimedAny) return outcomes;
  }
}

let running: Promise<unknown> | null = null;
let again = false;

/**
 * Sends what is due now, beside the requests (never awaited by a check). Called after a check
 * transaction opened an alert, and by the sweep below for retries.
 */
export function kickWebhooks(): void {
  if (!env().ALERT_WEBHOOK_URL) return;
  if (running) {
    again = true;
    return;
  }
  running = new Promise((resolve) => setImmediate(resolve))
    .then(() => deliverDue())
    .catch((error: unknown) => console.error("Alert webhook delivery failed:", error))
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        kickWebhooks();
      }
    });
}

let sweep: NodeJS.Timeout | null = null;

/** Retries in the background: every 15 s this process sends what has become due. */
export function startWebhookSweep(): void {
  if (sweep || !env().ALERT_WEBHOOK_URL) return;
  sweep = setInterval(kickWebhooks, SWEEP_MS);
  sweep.unref();
  kickWebhooks();
}

export function stopWebhookSweep(): void {
  if (sweep) clearInterval(sweep);
  sweep = null;
}
