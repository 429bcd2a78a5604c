import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Kysely, Transaction } from "kysely";
import { getDb } from "@db/db.server";
import type { Database, WebhookDeliveriesTable } from "@db/schema";
import { env } from "~/platform/lib/env.server";
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
} from "~/platform/outbox/outbox.server";
import { TEST_EVENT, type WebhookEvent } from "./events";
import { signingSecrets } from "./secrets.server";
import { pinnedLookup, urlPolicy, vetUrl, type UrlPolicy } from "./url-guard.server";

/**
 * Outgoing webhooks (decisions 092, 150 and 160). A feature queues an event in the transaction that
 * decided it (`enqueueWebhooks`): one delivery per enabled endpoint subscribed to the event, plus,
 * for `alert.created`, one to ALERT_WEBHOOK_URL (the endpoint the environment defines). The outbox
 * (app/platform/outbox/, decision 159) sends them after the commit, leased to one sender across workers,
 * retried with exponential backoff. Each POST is signed with the endpoint's secret:
 * `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">` (a second `v1`, with
 * the previous secret, during a rotation's overlap) and, for receivers written before,
 * `X-Signature: sha256=<hex HMAC of the body>` (current secret); `X-Webhook-Id` is the delivery's id,
 * the same on every retry. A managed endpoint's URL passes the SSRF guard before every attempt and
 * the connection goes to the address it vetted; a redirect is a failed attempt, never followed.
 *
 * A shopper's check never waits for any of it.
 */

export const MAX_ATTEMPTS = 8;
/** First retry after this long; each later one waits twice as long (10 s … about 21 min). */
const BASE_DELAY_MS = 10_000;
const TIMEOUT_MS = 10_000;
const USER_AGENT = "LunaraWebhooks/1 (+webhook)";

/** `sha256=<hex>`: the HMAC-SHA-256 of the body with the secret (`X-Signature`, kept for existing receivers). */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>]`: the HMAC-SHA-256 of `"<t>.<body>"` with each secret
 * (`X-Webhook-Signature`). The time is signed with the body, so a receiver can refuse a replayed
 * delivery as well as a forged one; during a rotation both secrets sign, the new one first.
 */
export function timedSignature(body: string, secrets: string | readonly string[], seconds: number): string {
  const all = typeof secrets === "string" ? [secrets] : secrets;
  return [`t=${seconds}`, ...all.map((secret) => `v1=${createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex")}`)].join(",");
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return outboxBackoff(attempts, BASE_DELAY_MS);
}

/** One event: its name, the id of the record it is about (if any), and the rest of its body. */
export type WebhookMessage = { event: WebhookEvent; subjectId: string | null; data: Record<string, unknown> };

/** The exact body POSTed for an event: its name, id and time first, then its data. */
export function webhookBody(event: string, eventId: string, at: string, data: Record<string, unknown>): string {
  return JSON.stringify({ event, event_id: eventId, created_at: at, ...data });
}

type Target = { endpointId: string | null; url: string };

type NewDelivery = { target: Target; event: string; eventId: string; subjectId: string | null; payload: string };

function deliveryRow(delivery: NewDelivery, at: string): WebhookDeliveriesTable {
  return {
    id: randomUUID(),
    endpoint_id: delivery.target.endpointId,
    event: delivery.event,
    event_id: delivery.eventId,
    subject_id: delivery.subjectId,
    url: delivery.target.url,
    payload: delivery.payload,
    status: "pending",
    attempts: 0,
    next_attempt_at: at,
    lease_until: null,
    last_status: null,
    last_error: null,
    duration_ms: null,
    created_at: at,
    delivered_at: null,
  };
}

/** Writes deliveries (in the caller's transaction); the rows written. */
export async function insertDeliveries(db: Kysely<Database> | Transaction<Database>, deliveries: readonly NewDelivery[], now: Date): Promise<WebhookDeliveriesTable[]> {
  if (deliveries.length === 0) return [];
  const rows = deliveries.map((delivery) => deliveryRow(delivery, now.toISOString()));
  await db.insertInto("webhook_deliveries").values(rows).execute();
  return rows;
}

/** Where an event goes: the enabled endpoints subscribed to it, and ALERT_WEBHOOK_URL for new alerts. */
async function targetsOf(trx: Transaction<Database>, events: ReadonlySet<WebhookEvent>): Promise<Map<WebhookEvent, Target[]>> {
  const endpoints = await trx.selectFrom("webhook_endpoints").select(["id", "url", "events"]).where("enabled", "=", 1).execute();
  const envUrl = env().ALERT_WEBHOOK_URL;
  const targets = new Map<WebhookEvent, Target[]>();
  for (const event of events) {
    const list: Target[] = endpoints.filter((endpoint) => endpoint.events.split(" ").includes(event)).map((endpoint) => ({ endpointId: endpoint.id, url: endpoint.url }));
    if (event === "alert.created" && envUrl) list.push({ endpointId: null, url: envUrl });
    targets.set(event, list);
  }
  return targets;
}

/**
 * Queues the events' deliveries, in the transaction that decided them: one per enabled endpoint
 * subscribed to each event. Returns how many were queued (the caller kicks the sender after its
 * commit when any were: `kickWebhooks`).
 */
export async function enqueueWebhooks(trx: Transaction<Database>, messages: readonly WebhookMessage[], now: Date): Promise<number> {
  if (messages.length === 0) return 0;
  const targets = await targetsOf(trx, new Set(messages.map((message) => message.event)));
  const at = now.toISOString();
  const deliveries = messages.flatMap((message) => {
    const eventId = randomUUID();
    const payload = webhookBody(message.event, eventId, at, message.data);
    return (targets.get(message.event) ?? []).map((target) => ({ target, event: message.event, eventId, subjectId: message.subjectId, payload }));
  });
  return (await insertDeliveries(trx, deliveries, now)).length;
}

type WebhookRow = OutboxRow & Pick<WebhookDeliveriesTable, "endpoint_id" | "event" | "event_id" | "subject_id" | "url" | "payload">;

type Post = { url: URL; body: string; headers: Record<string, string>; timeoutMs: number; lookup?: LookupFunction | undefined };

/** One POST, never following a redirect: its status, or throws. */
function post({ url, body, headers, timeoutMs, lookup }: Post): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, agent: false, ...(lookup ? { lookup } : {}) }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })), timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", reject);
    request.end(body);
  });
}

type SendOptions = { timeoutMs: number; policy: () => UrlPolicy; now: () => Date };

/** Where a row goes now and what signs it: its endpoint as it is now (URL vetted), or ALERT_WEBHOOK_URL. */
async function resolveTarget(row: WebhookRow, options: SendOptions): Promise<{ url: URL; secrets: string[]; lookup?: LookupFunction } | { refused: string }> {
  if (row.endpoint_id === null) {
    // The environment's endpoint is the deployer's own setting: trusted as before (decision 160).
    const secret = env().ALERT_WEBHOOK_SECRET;
    return secret ? { url: new URL(row.url), secrets: [secret] } : { refused: "ALERT_WEBHOOK_SECRET is not set" };
  }
  const db = await getDb();
  const endpoint = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", row.endpoint_id).executeTakeFirst();
  if (!endpoint) return { refused: "endpoint deleted" };
  if (!endpoint.enabled && row.event !== TEST_EVENT) return { refused: "endpoint disabled" };
  const vetted = await vetUrl(endpoint.url, options.policy());
  if (!vetted.ok) return { refused: `refused: ${vetted.error}` };
  const secrets = signingSecrets(endpoint, options.now());
  if (secrets.length === 0) return { refused: "secret does not open (another codes key?)" };
  return { url: vetted.value.url, secrets, lookup: pinnedLookup(vetted.value) };
}

async function send(row: WebhookRow, attempt: number, options: SendOptions): Promise<SendResult> {
  const started = Date.now();
  const result = (outcome: Omit<SendResult, "fields">): SendResult => ({ ...outcome, fields: { duration_ms: Date.now() - started } });
  try {
    const target = await resolveTarget(row, options);
    if ("refused" in target) return result({ ok: false, status: null, error: target.refused });
    const [current] = target.secrets as [string];
    const status = await post({
      url: target.url,
      body: row.payload,
      timeoutMs: options.timeoutMs,
      lookup: target.lookup,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Signature": signature(row.payload, current),
        // Signed at the moment of sending (each attempt anew), by the wall clock a receiver compares with.
        "X-Webhook-Signature": timedSignature(row.payload, target.secrets, Math.floor(Date.now() / 1000)),
        "X-Webhook-Id": row.id,
        "X-Webhook-Event": row.event,
        "X-Delivery-Id": row.id,
        "X-Delivery-Attempt": String(attempt),
        ...(row.subject_id && row.event.startsWith("alert.") ? { "X-Alert-Id": row.subject_id } : {}),
      },
    });
    const ok = status >= 200 && status < 300;
    return result({ ok, status, error: ok ? null : `HTTP ${status}` });
  } catch (error) {
    const reason = error instanceof Error ? (error.name === "TimeoutError" ? "timeout" : error.message) : String(error);
    return result({ ok: false, status: null, error: reason.slice(0, 200) });
  }
}

/** The webhook channel of the outbox: each row POSTed to its endpoint, signed with its secret(s). */
function webhookChannel(options: Partial<SendOptions> = {}): Channel<WebhookRow> {
  const settings: SendOptions = { timeoutMs: options.timeoutMs ?? TIMEOUT_MS, policy: options.policy ?? (() => urlPolicy()), now: options.now ?? (() => new Date()) };
  return {
    name: "webhook",
    table: "webhook_deliveries",
    maxAttempts: MAX_ATTEMPTS,
    baseDelayMs: BASE_DELAY_MS,
    // Endpoints are managed at run time: the channel always sends what is due.
    enabled: () => true,
    send: (row, attempt) => send(row, attempt, settings),
  };
}

const channel = webhookChannel();

/** Sends every delivery that is due (the outbox's loop, for this channel); tests give a clock, a timeout, a URL policy. */
export function deliverDue(options: DeliveryOptions & { timeoutMs?: number; policy?: () => UrlPolicy } = {}): Promise<Outcome[]> {
  return deliverOutbox(options.timeoutMs || options.policy || options.now ? webhookChannel(options) : channel, options);
}

/** Sends what is due now, beside the requests (never awaited by a request). */
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
