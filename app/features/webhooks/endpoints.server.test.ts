import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { changeAlertStatus } from "~/features/alerts/alerts.server";
import { cloneSubject } from "~/features/alerts/signals.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { createBatch, revokeBatch } from "~/features/batches/batches.server";
import { recallBatch } from "~/features/batches/recalls.server";
import { products } from "~/platform/catalog/catalog";
import { EMPTY_ALLOW_LIST, parseAllowList } from "~/platform/lib/address-policy";
import { activeCode, alertsFor, checkFrom } from "../../../tests/unit/checks";
import { Receiver, until, type Received } from "../../../tests/unit/receiver";
import { createEndpoint, listDeliveries, redeliver, rotateSecret, sendTestEvent, updateEndpoint, type By } from "./endpoints.server";
import { vetUrl, type UrlPolicy } from "./url-guard.server";
import { deliverDue } from "./webhooks.server";
import { recallParts } from "../../../tests/unit/recall-parts";

// Managed webhooks (decision 160) against real local receivers: the tests' receivers are on
// loopback, which WEBHOOK_ALLOW_PRIVATE names (as a deployment's own network would be named).
const hooks = new Receiver(3782);
const other = new Receiver(3783);
const fromEnv = new Receiver(3784);
const ENV_SECRET = "environment-webhook-secret-0123";
process.env.WEBHOOK_ALLOW_HTTP = "true";
process.env.WEBHOOK_ALLOW_PRIVATE = "127.0.0.1";
process.env.ALERT_WEBHOOK_URL = fromEnv.url;
process.env.ALERT_WEBHOOK_SECRET = ENV_SECRET;

/** A server answering every POST with a redirect to `other` (which must never hear of it). */
let redirector: Server;
const REDIRECT_PORT = 3785;

let by: By;
beforeAll(async () => {
  await getDb();
  const admin = await createOrResetAdmin("hooks-owner", "hooks-owner-password-1");
  const identity: AdminIdentity = { id: admin.id, username: admin.username, role: "owner", sessionId: "s", mfaEnabled: false, mustChangePassword: false, mfaRequired: false };
  by = { admin: identity, clientHash: "test-client" };
  await Promise.all([hooks.start(), other.start(), fromEnv.start()]);
  redirector = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(307, { Location: other.url }).end());
  });
  await new Promise<void>((resolve) => redirector.listen(REDIRECT_PORT, "127.0.0.1", resolve));
});
afterAll(async () => {
  redirector.closeAllConnections();
  await new Promise((resolve) => redirector.close(resolve));
  await Promise.all([hooks.stop(), other.stop(), fromEnv.stop()]);
});

const at = (receiver: Receiver, path: string) => `http://127.0.0.1:${receiver.port}${path}`;

/** The v1 values of an `X-Webhook-Signature` and its time. */
function parseSignature(header: string): { t: string; v1: string[] } {
  const parts = header.split(",").map((part) => part.split("=", 2) as [string, string]);
  return { t: parts.find(([k]) => k === "t")![1], v1: parts.filter(([k]) => k === "v1").map(([, v]) => v) };
}
const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

/** A receiver's check, as the README shows it: one v1 made with the secret over "t.body", t within 5 minutes. */
function verifies(request: Received, secret: string): boolean {
  const { t, v1 } = parseSignature(String(request.headers["x-webhook-signature"]));
  return Math.abs(Date.now() / 1000 - Number(t)) <= 300 && v1.includes(hmac(secret, `${t}.${request.body}`));
}



async function deliveryRow(id: string) {
  return (await getDb()).selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("managed webhook endpoints", () => {
  it("queues each event to the enabled endpoints subscribed to it, in its own transaction, with an event id and a time", async () => {
    hooks.answer([], 200);
    const runs = await createEndpoint(by, { url: at(hooks, "/runs"), events: ["batch.created", "batch.revoked", "batch.recalled"], enabled: true });
    const alerts = await createEndpoint(by, { url: at(hooks, "/alerts"), events: ["alert.created", "alert.updated"], enabled: true });
    const off = await createEndpoint(by, { url: at(hooks, "/off"), events: ["batch.created"], enabled: false });
    expect(runs.ok && alerts.ok && off.ok).toBe(true);
    if (!runs.ok || !alerts.ok || !off.ok) return;
    const db = await getDb();
    const before = hooks.received.length;

    const made = await createBatch({ productId: products[0]!.id, quantity: 3, lot: "WH-LOT-1", createdBy: by.admin.id });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    await recallBatch(made.value.id, { ...recallParts, notice_en: "Recalled.", notice_ar: "مسحوب.", by: by.admin.id });
    const run2 = await createBatch({ productId: products[0]!.id, quantity: 2, lot: "WH-LOT-2", createdBy: by.admin.id });
    if (!run2.ok) return;
    await revokeBatch(run2.value.id, { reason: "stolen", revokedBy: by.admin.id });
    await hooks.waitFor(before + 4);

    const runEvents = await db.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", runs.value.webhook.id).orderBy("created_at").execute();
    expect(runEvents.map((d) => d.event)).toEqual(["batch.created", "batch.recalled", "batch.created", "batch.revoked"]);
    // Nothing for the disabled endpoint, nor for one not subscribed, nor for the environment's (alerts only).
    expect(await db.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", off.value.webhook.id).execute()).toEqual([]);
    expect(await db.selectFrom("webhook_deliveries").select("id").where("endpoint_id", "=", alerts.value.webhook.id).execute()).toEqual([]);
    const recalled = JSON.parse(runEvents[1]!.payload);
    expect(recalled).toMatchObject({ event: "batch.recalled", event_id: runEvents[1]!.event_id, batch: { id: made.value.id, lot: "WH-LOT-1", recall: { since: expect.any(String) } } });
    expect(Date.parse(recalled.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const arrived = hooks.received.slice(before).map((r) => JSON.parse(r.body).event);
    expect(arrived.sort()).toEqual(["batch.created", "batch.created", "batch.recalled", "batch.revoked"]);

    // A new alert goes to the managed endpoint and to ALERT_WEBHOOK_URL (signed with its own secret), with one event id; a status change only to the subscribed one.
    const envBefore = fromEnv.received.length;
    const { id, code } = await activeCode();
    await checkFrom(code, `wh-buyer-${id}`, "SA");
    await checkFrom(code, `wh-copier-${id}`, "EG");
    const [alert] = await alertsFor(cloneSubject(id));
    await fromEnv.waitFor(envBefore + 1);
    await until(() => hooks.received.some((r) => JSON.parse(r.body).event === "alert.created"), "the managed alert.created");
    const managed = hooks.received.find((r) => JSON.parse(r.body).event === "alert.created")!;
    const environment = fromEnv.received[envBefore]!;
    expect(JSON.parse(managed.body).event_id).toBe(JSON.parse(environment.body).event_id);
    expect(verifies(environment, ENV_SECRET)).toBe(true);
    expect(verifies(managed, alerts.value.secret)).toBe(true);
    expect(await changeAlertStatus(alert!.id, "acknowledged", by.admin)).toMatchObject({ ok: true });
    await until(() => hooks.received.some((r) => JSON.parse(r.body).event === "alert.updated"), "alert.updated");
    const updated = JSON.parse(hooks.received.find((r) => JSON.parse(r.body).event === "alert.updated")!.body);
    expect(updated).toMatchObject({ event: "alert.updated", alert: { id: alert!.id, status: "acknowledged" } });
    expect(fromEnv.received.length).toBe(envBefore + 1);
  });

  it("signs with the endpoint's secret and a timestamp; after a rotation both secrets sign for the overlap, then only the new one", async () => {
    hooks.answer([], 200);
    const made = await createEndpoint(by, { url: at(hooks, "/signed"), events: ["report.created"], enabled: true });
    if (!made.ok) throw new Error(made.error);
    const { webhook, secret } = made.value;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Sealed at rest: the secret is in no column.
    const row = await (await getDb()).selectFrom("webhook_endpoints").selectAll().where("id", "=", webhook.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));

    let before = hooks.received.length;
    const ping = await sendTestEvent(by, webhook.id);
    expect(ping).toMatchObject({ ok: true, value: { event: "ping", status: "pending" } });
    await hooks.waitFor(before + 1);
    const first = hooks.received[before]!;
    expect(String(first.headers["x-webhook-signature"])).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifies(first, secret)).toBe(true);
    expect(first.headers["x-signature"]).toBe(`sha256=${hmac(secret, first.body)}`);
    expect(first.headers["x-webhook-id"]).toBe(ping.ok ? ping.value.id : "");
    expect(JSON.parse(first.body)).toMatchObject({ event: "ping", event_id: expect.any(String), created_at: expect.any(String), webhook: { id: webhook.id } });

    const rotated = await rotateSecret(by, webhook.id);
    if (!rotated.ok) throw new Error(rotated.error);
    const fresh = rotated.value.secret;
    expect(fresh).not.toBe(secret);
    expect(Date.parse(rotated.value.webhook.rotation_ends_at!) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    before = hooks.received.length;
    await sendTestEvent(by, webhook.id);
    await hooks.waitFor(before + 1);
    const during = hooks.received[before]!;
    const { t, v1 } = parseSignature(String(during.headers["x-webhook-signature"]));
    expect(v1).toEqual([hmac(fresh, `${t}.${during.body}`), hmac(secret, `${t}.${during.body}`)]);
    expect(during.headers["x-signature"]).toBe(`sha256=${hmac(fresh, during.body)}`);

    // Once the overlap has ended: only the new secret signs.
    await (await getDb()).updateTable("webhook_endpoints").set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() }).where("id", "=", webhook.id).execute();
    before = hooks.received.length;
    await sendTestEvent(by, webhook.id);
    await hooks.waitFor(before + 1);
    const after = hooks.received[before]!;
    expect(parseSignature(String(after.headers["x-webhook-signature"])).v1).toHaveLength(1);
    expect(verifies(after, fresh)).toBe(true);
    expect(verifies(after, secret)).toBe(false);
  });

  it("redelivers a delivery as a new one: same event id and body, its own delivery id", async () => {
    hooks.answer([], 200);
    const made = await createEndpoint(by, { url: at(hooks, "/again"), events: ["report.created"], enabled: true });
    if (!made.ok) throw new Error(made.error);
    const before = hooks.received.length;
    const ping = await sendTestEvent(by, made.value.webhook.id);
    if (!ping.ok) throw new Error(ping.error);
    await hooks.waitFor(before + 1);
    await until(async () => (await deliveryRow(ping.value.id)).status === "delivered", "the first delivery");
    const again = await redeliver(by, made.value.webhook.id, ping.value.id);
    if (!again.ok) throw new Error(again.error);
    await hooks.waitFor(before + 2);
    const [a, b] = hooks.received.slice(before);
    expect(b!.body).toBe(a!.body);
    expect(b!.headers["x-webhook-id"]).toBe(again.value.id);
    expect(again.value.id).not.toBe(ping.value.id);
    expect(again.value.event_id).toBe(ping.value.event_id);
    await until(async () => (await deliveryRow(again.value.id)).status === "delivered", "the redelivery");
    const log = await listDeliveries(made.value.webhook.id, 1);
    expect(log.ok && log.value.items.map((d) => [d.id, d.status, d.attempts, d.last_status])).toEqual([
      [again.value.id, "delivered", 1, 200],
      [ping.value.id, "delivered", 1, 200],
    ]);
    expect(log.ok && log.value.items.every((d) => typeof d.duration_ms === "number")).toBe(true);
    expect(await redeliver(by, made.value.webhook.id, "nope")).toEqual({ ok: false, error: "delivery_not_found" });
    expect(await redeliver(by, "nope", ping.value.id)).toEqual({ ok: false, error: "not_found" });
  });

  it("never follows a redirect: a 3xx is a failed attempt and the target of the redirect hears nothing", async () => {
    const made = await createEndpoint(by, { url: `http://127.0.0.1:${REDIRECT_PORT}/moved`, events: ["report.created"], enabled: true });
    if (!made.ok) throw new Error(made.error);
    const before = other.received.length;
    const ping = await sendTestEvent(by, made.value.webhook.id);
    if (!ping.ok) throw new Error(ping.error);
    await until(async () => (await deliveryRow(ping.value.id)).attempts === 1, "the attempt");
    expect(await deliveryRow(ping.value.id)).toMatchObject({ status: "pending", last_status: 307, last_error: "HTTP 307" });
    expect(other.received.length).toBe(before);
  });
});

describe("the SSRF guard", () => {
  const strict = (overrides: Partial<UrlPolicy> = {}): UrlPolicy => ({ allowHttp: false, allowPrivate: EMPTY_ALLOW_LIST, resolve: async () => [{ address: "93.184.216.34", family: 4 }], ...overrides });
  const refusal = async (url: string, policy: UrlPolicy) => {
    const result = await vetUrl(url, policy);
    return result.ok ? "accepted" : result.error;
  };

  it("refuses loopback, private, link-local, metadata, CGNAT, ULA and multicast addresses, literal or resolved, and http without the flag", async () => {
    expect(await refusal("https://hooks.example.com/in", strict())).toBe("accepted");
    for (const url of ["https://127.0.0.1/", "https://10.1.2.3/", "https://169.254.169.254/latest/meta-data", "https://[::1]/", "https://100.64.0.1/", "https://[fd00::1]/", "https://[fe80::1]/", "https://224.0.0.1/", "https://0.0.0.0/", "https://[::ffff:127.0.0.1]/", "https://192.168.1.1/", "https://172.16.0.1/", "https://[64:ff9b:1::a9fe:a9fe]/", "https://[::127.0.0.1]/", "https://[100::1]/", "https://[2002:a9fe:a9fe::1]/"]) {
      expect(await refusal(url, strict()), url).toBe("url_private");
    }
    // A DNS name resolving to loopback: the real resolver's `localhost`, and a name a custom resolver points at 127.0.0.1 (one private answer among public ones is enough).
    expect(await refusal("https://localhost/", strict({ resolve: (await import("./url-guard.server")).urlPolicy().resolve }))).toBe("url_private");
    expect(await refusal("https://rebind.example/", strict({ resolve: async () => [{ address: "93.184.216.34", family: 4 }, { address: "127.0.0.1", family: 4 }] }))).toBe("url_private");
    expect(await refusal("https://nowhere.invalid/", strict({ resolve: async () => { throw new Error("ENOTFOUND"); } }))).toBe("url_unresolved");
    expect(await refusal("http://hooks.example.com/", strict())).toBe("url_scheme");
    expect(await refusal("http://hooks.example.com/", strict({ allowHttp: true }))).toBe("accepted");
    expect(await refusal("ftp://hooks.example.com/", strict({ allowHttp: true }))).toBe("url_scheme");
    expect(await refusal("https://user:pass@hooks.example.com/", strict())).toBe("url_invalid");
    // WEBHOOK_ALLOW_PRIVATE names exceptions: an address, a CIDR, a host name.
    expect(await refusal("https://10.1.2.3/", strict({ allowPrivate: parseAllowList("10.0.0.0/8") }))).toBe("accepted");
    expect(await refusal("https://[::1]/", strict({ allowPrivate: parseAllowList("::1") }))).toBe("accepted");
    expect(await refusal("https://internal.corp/", strict({ allowPrivate: parseAllowList("internal.corp"), resolve: async () => [{ address: "10.9.9.9", family: 4 }] }))).toBe("accepted");
    expect(() => parseAllowList("10.0.0.0/99, not a host!")).toThrow(/not understood/);
  });

  it("refuses an unsafe URL when saved and again at send time, and connects to the address it vetted (DNS rebinding)", async () => {
    expect(await createEndpoint(by, { url: "http://127.0.0.2:3782/", events: ["report.created"], enabled: true })).toEqual({ ok: false, error: "url_private" });
    const made = await createEndpoint(by, { url: at(hooks, "/later"), events: ["report.created"], enabled: true });
    if (!made.ok) throw new Error(made.error);
    expect(await updateEndpoint(by, made.value.webhook.id, { url: "https://169.254.169.254/" })).toEqual({ ok: false, error: "url_private" });

    // The allowance is withdrawn after saving: the attempt is refused before any connection.
    const db = await getDb();
    const ping = await sendTestEvent(by, made.value.webhook.id);
    if (!ping.ok) throw new Error(ping.error);
    await until(async () => (await deliveryRow(ping.value.id)).attempts === 1, "the first attempt");
    await db.updateTable("webhook_deliveries").set({ status: "pending", next_attempt_at: new Date(0).toISOString() }).where("id", "=", ping.value.id).execute();
    const before = hooks.received.length;
    const refused = await deliverDue({ policy: () => strict({ allowHttp: true }) });
    expect(refused).toContainEqual(expect.objectContaining({ id: ping.value.id, delivered: false, error: "refused: url_private" }));
    expect(hooks.received.length).toBe(before);

    // A name no DNS knows, which the guard's resolver answered with the vetted (allowed) address: the connection goes there.
    await db.updateTable("webhook_endpoints").set({ url: `http://pinned.invalid:${hooks.port}/pinned` }).where("id", "=", made.value.webhook.id).execute();
    await db.updateTable("webhook_deliveries").set({ status: "pending", next_attempt_at: new Date(0).toISOString() }).where("id", "=", ping.value.id).execute();
    const pinned = await deliverDue({ policy: () => strict({ allowHttp: true, allowPrivate: parseAllowList("127.0.0.1"), resolve: async () => [{ address: "127.0.0.1", family: 4 }] }) });
    expect(pinned).toContainEqual(expect.objectContaining({ id: ping.value.id, delivered: true, status: 200 }));
    expect(hooks.received.length).toBe(before + 1);
    expect(hooks.received[before]!.headers.host).toBe(`pinned.invalid:${hooks.port}`);
  });
});
