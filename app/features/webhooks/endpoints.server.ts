import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import type { WebhookDelivery, WebhookEndpoint } from "@db/schema";
import { recordAudit } from "~/platform/audit/audit.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import type { WebhookError } from "./errors";
import { isWebhookEvent, TEST_EVENT, type WebhookEvent } from "./events";
import { newWebhookSecret, ROTATION_OVERLAP_MS, sealWebhookSecret } from "./secrets.server";
import { vetUrl, type UrlPolicy } from "./url-guard.server";
import { insertDeliveries, kickWebhooks, webhookBody } from "./webhooks.server";

/**
 * Webhook endpoints the owners manage (decision 160), on the webhooks screen and by
 * `/api/v1/webhooks/…`: a URL (vetted against SSRF when saved, and again before every attempt),
 * the events it takes, enabled or not, a signing secret answered once (when made and when rotated;
 * the previous one keeps signing for 24 hours), a test event, the delivery log and redelivery.
 * Every change is audited. ALERT_WEBHOOK_URL is shown beside them, read-only.
 */
export type By = { admin: AdminIdentity; clientHash: string };

export type DeliveryView = Pick<
  WebhookDelivery,
  "id" | "endpoint_id" | "event" | "event_id" | "status" | "attempts" | "last_status" | "last_error" | "duration_ms" | "next_attempt_at" | "created_at" | "delivered_at"
>;

export type EndpointView = {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  /** While a rotation's overlap lasts, when it ends (the previous secret signs too until then). */
  rotation_ends_at: string | null;
  last_delivery: DeliveryView | null;
};

const eventsOf = (stored: string): WebhookEvent[] => stored.split(" ").filter(isWebhookEvent);

const deliveryColumns = ["id", "endpoint_id", "event", "event_id", "status", "attempts", "last_status", "last_error", "duration_ms", "next_attempt_at", "created_at", "delivered_at"] as const;

/** The newest delivery of each endpoint (null: the environment's). */
async function lastDeliveries(endpointIds: readonly (string | null)[]): Promise<Map<string | null, DeliveryView>> {
  const db = await getDb();
  const found = new Map<string | null, DeliveryView>();
  for (const id of endpointIds) {
    const row = await db
      .selectFrom("webhook_deliveries")
      .select(deliveryColumns)
      .where("endpoint_id", id === null ? "is" : "=", id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row) found.set(id, row);
  }
  return found;
}

function view(row: WebhookEndpoint & { creator: string | null }, last: DeliveryView | null, now: Date): EndpointView {
  const overlapping = row.previous_secret_until && row.previous_secret_until > now.toISOString();
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row.events),
    enabled: row.enabled === 1,
    created_at: row.created_at,
    created_by: row.creator,
    updated_at: row.updated_at,
    rotation_ends_at: overlapping ? row.previous_secret_until : null,
    last_delivery: last,
  };
}

async function endpointsQuery() {
  const db = await getDb();
  return db.selectFrom("webhook_endpoints").leftJoin("admins", "admins.id", "webhook_endpoints.created_by").selectAll("webhook_endpoints").select("admins.username as creator");
}

/** The endpoints, oldest first (the order they were added), ten a page, each with its last delivery. */
export async function listEndpoints(page: number, now = new Date()): Promise<Page<EndpointView>> {
  const db = await getDb();
  const count = await db.selectFrom("webhook_endpoints").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const query = await endpointsQuery();
  return readPage(Number(count.n), page, async (offset, limit) => {
    const rows = await query.orderBy("webhook_endpoints.created_at").orderBy("webhook_endpoints.id").limit(limit).offset(offset).execute();
    const last = await lastDeliveries(rows.map((row) => row.id));
    return rows.map((row) => view(row, last.get(row.id) ?? null, now));
  });
}

/** The endpoint ALERT_WEBHOOK_URL defines (read-only: it takes new alerts), or null when unset. */
export async function environmentEndpoint(): Promise<{ url: string; events: WebhookEvent[]; last_delivery: DeliveryView | null } | null> {
  const url = env().ALERT_WEBHOOK_URL;
  if (!url) return null;
  const last = await lastDeliveries([null]);
  return { url, events: ["alert.created"], last_delivery: last.get(null) ?? null };
}

const plausibleId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 64;

export async function getEndpoint(id: unknown, now = new Date()): Promise<EndpointView | null> {
  if (!plausibleId(id)) return null;
  const row = await (await endpointsQuery()).where("webhook_endpoints.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const last = await lastDeliveries([row.id]);
  return view(row, last.get(row.id) ?? null, now);
}

export type EndpointInput = { url: string; events: readonly WebhookEvent[]; enabled: boolean };

/** Makes an endpoint; its secret is in the answer and nowhere else, ever. */
export async function createEndpoint(by: By, input: EndpointInput, options: { now?: Date; policy?: UrlPolicy } = {}): Promise<Result<{ webhook: EndpointView; secret: string }, WebhookError>> {
  const now = options.now ?? new Date();
  const vetted = await vetUrl(input.url, options.policy);
  if (!vetted.ok) return fail(vetted.error);
  const secret = newWebhookSecret();
  const at = now.toISOString();
  const row: WebhookEndpoint = {
    id: randomUUID(),
    url: vetted.value.url.toString(),
    events: [...new Set(input.events)].join(" "),
    enabled: input.enabled ? 1 : 0,
    secret_enc: sealWebhookSecret(secret),
    previous_secret_enc: null,
    previous_secret_until: null,
    created_at: at,
    created_by: by.admin.id,
    updated_at: at,
  };
  const db = await getDb();
  await db.insertInto("webhook_endpoints").values(row).execute();
  await recordAudit({ action: "webhook.created", actor: by.admin, clientHash: by.clientHash, target: `webhook:${row.id}`, detail: { url: row.url, events: row.events, enabled: input.enabled } });
  return ok({ webhook: view({ ...row, creator: by.admin.username }, null, now), secret });
}

export type EndpointChange = { url?: string | undefined; events?: readonly WebhookEvent[] | undefined; enabled?: boolean | undefined };

/** Changes an endpoint's URL (vetted again), events or state; what is not given stays. */
export async function updateEndpoint(by: By, id: unknown, change: EndpointChange, options: { now?: Date; policy?: UrlPolicy } = {}): Promise<Result<EndpointView, WebhookError>> {
  const now = options.now ?? new Date();
  const before = await getEndpoint(id, now);
  if (!before) return fail("not_found");
  let url: string | undefined;
  if (change.url !== undefined) {
    const vetted = await vetUrl(change.url, options.policy);
    if (!vetted.ok) return fail(vetted.error);
    url = vetted.value.url.toString();
  }
  const set = {
    ...(url !== undefined ? { url } : {}),
    ...(change.events !== undefined ? { events: [...new Set(change.events)].join(" ") } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
    updated_at: now.toISOString(),
  };
  const db = await getDb();
  await db.updateTable("webhook_endpoints").set(set).where("id", "=", before.id).execute();
  const after = (await getEndpoint(before.id, now))!;
  await recordAudit({
    action: "webhook.updated",
    actor: by.admin,
    clientHash: by.clientHash,
    target: `webhook:${after.id}`,
    detail: { url: after.url, events: after.events.join(" "), enabled: after.enabled, ...(url !== undefined && url !== before.url ? { previous_url: before.url } : {}) },
  });
  return ok(after);
}

/**
 * A new secret, answered once; the previous one keeps signing (a second `v1`) for 24 hours, so the
 * receiver can change its secret meanwhile. A second rotation within the overlap ends the oldest one.
 */
export async function rotateSecret(by: By, id: unknown, now = new Date()): Promise<Result<{ webhook: EndpointView; secret: string }, WebhookError>> {
  if (!plausibleId(id)) return fail("not_found");
  const db = await getDb();
  const row = await db.selectFrom("webhook_endpoints").select(["id", "secret_enc"]).where("id", "=", id).executeTakeFirst();
  if (!row) return fail("not_found");
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  await db
    .updateTable("webhook_endpoints")
    .set({ secret_enc: sealWebhookSecret(secret), previous_secret_enc: row.secret_enc, previous_secret_until: until, updated_at: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
  await recordAudit({ action: "webhook.secret_rotated", actor: by.admin, clientHash: by.clientHash, target: `webhook:${row.id}`, detail: { previous_until: until } });
  return ok({ webhook: (await getEndpoint(row.id, now))!, secret });
}

async function deliveryView(id: string): Promise<DeliveryView> {
  const db = await getDb();
  return db.selectFrom("webhook_deliveries").select(deliveryColumns).where("id", "=", id).executeTakeFirstOrThrow();
}

/** Queues a `ping` to this endpoint (enabled or not, whatever its events) and starts sending; the delivery. */
export async function sendTestEvent(by: By, id: unknown, now = new Date()): Promise<Result<DeliveryView, WebhookError>> {
  const endpoint = await getEndpoint(id, now);
  if (!endpoint) return fail("not_found");
  const eventId = randomUUID();
  const at = now.toISOString();
  const payload = webhookBody(TEST_EVENT, eventId, at, { webhook: { id: endpoint.id, url: endpoint.url, events: endpoint.events } });
  const db = await getDb();
  const [row] = await insertDeliveries(db, [{ target: { endpointId: endpoint.id, url: endpoint.url }, event: TEST_EVENT, eventId, subjectId: null, payload }], now);
  await recordAudit({ action: "webhook.tested", actor: by.admin, clientHash: by.clientHash, target: `webhook:${endpoint.id}`, detail: { delivery_id: row!.id } });
  kickWebhooks();
  return ok(await deliveryView(row!.id));
}

/** An endpoint's delivery log, newest first, ten a page. */
export async function listDeliveries(id: unknown, page: number): Promise<Result<Page<DeliveryView>, WebhookError>> {
  if (!plausibleId(id)) return fail("not_found");
  const db = await getDb();
  const exists = await db.selectFrom("webhook_endpoints").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) return fail("not_found");
  const count = await db.selectFrom("webhook_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("endpoint_id", "=", id).executeTakeFirstOrThrow();
  return ok(
    await readPage(Number(count.n), page, (offset, limit) =>
      db.selectFrom("webhook_deliveries").select(deliveryColumns).where("endpoint_id", "=", id).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    ),
  );
}

/**
 * Sends a delivery again as a new delivery (its own id and attempts) with the same event, event id
 * and body, to the endpoint as it is now: a receiver that processed the event id drops it.
 */
export async function redeliver(by: By, id: unknown, deliveryId: unknown, now = new Date()): Promise<Result<DeliveryView, WebhookError>> {
  const endpoint = await getEndpoint(id, now);
  if (!endpoint) return fail("not_found");
  if (!plausibleId(deliveryId)) return fail("delivery_not_found");
  const db = await getDb();
  const original = await db.selectFrom("webhook_deliveries").selectAll().where("id", "=", deliveryId).where("endpoint_id", "=", endpoint.id).executeTakeFirst();
  if (!original) return fail("delivery_not_found");
  const [row] = await insertDeliveries(
    db,
    [{ target: { endpointId: endpoint.id, url: endpoint.url }, event: original.event, eventId: original.event_id, subjectId: original.subject_id, payload: original.payload }],
    now,
  );
  await recordAudit({ action: "webhook.redelivered", actor: by.admin, clientHash: by.clientHash, target: `webhook:${endpoint.id}`, detail: { delivery_id: original.id, new_delivery_id: row!.id, event: original.event } });
  kickWebhooks();
  return ok(await deliveryView(row!.id));
}
