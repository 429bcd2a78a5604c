// Managed webhooks by API (decision 160): owners only (people, never a key), audited; the secret once;
// bad input and unsafe URLs 400/6001, unknown 404/6001; the delivery log paged; test and redeliver.
process.env.WEBHOOK_ALLOW_HTTP = "true";
process.env.WEBHOOK_ALLOW_PRIVATE = "127.0.0.1";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { callApi, jsonBody, signedInCaller } from "../../../tests/unit/api";
import { Receiver, until } from "../../../tests/unit/receiver";
import * as keysCreate from "./keys-create";
import * as create from "./webhooks-create";
import * as deliveries from "./webhooks-deliveries";
import * as list from "./webhooks-list";
import * as redeliver from "./webhooks-redeliver";
import * as rotate from "./webhooks-rotate";
import * as test from "./webhooks-test";
import * as update from "./webhooks-update";

const base = "http://localhost:3000/api/v1";
const receiver = new Receiver(3786);
const asOwner = signedInCaller("hooks-api-owner", "hooks-api-owner-password-1");

let editorToken = "";
beforeAll(async () => {
  await receiver.start();
  const editor = await createOrResetAdmin("hooks-api-editor", "hooks-api-editor-password-1", { role: "editor" });
  editorToken = (await startSession({ id: editor.id, username: editor.username })).accessToken;
});
afterAll(() => receiver.stop());


describe("/api/v1/webhooks/…", () => {
  it("creates, lists, updates, tests, rotates, logs and redelivers, each change audited; the secret only when made or rotated", async () => {
    const made = await asOwner(create.action, "/webhooks/create/", jsonBody({ url: receiver.url, events: ["alert.created", "batch.created", "alert.created"] }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status_code: 6000, error: null });
    expect(Object.keys(made.body.data).sort()).toEqual(["secret", "webhook"]);
    const { webhook, secret } = made.body.data;
    expect(webhook).toMatchObject({ url: receiver.url, events: ["alert.created", "batch.created"], enabled: true, rotation_ends_at: null, last_delivery: null });
    expect(secret).toMatch(/^whsec_/);
    const params = { webhookId: webhook.id };

    const listed = await asOwner(list.loader, "/webhooks/list/");
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toMatchObject({ page: 1 });
    expect(listed.body.data.webhooks.find((w: { id: string }) => w.id === webhook.id)).toMatchObject({ url: receiver.url });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const changed = await asOwner(update.action, `/webhooks/${webhook.id}/`, jsonBody({ events: ["report.created"], enabled: false }, "PATCH"), params);
    expect(changed.status).toBe(200);
    expect(changed.body.data.webhook).toMatchObject({ events: ["report.created"], enabled: false });

    // A test event goes even to a disabled endpoint; the answer is the queued delivery.
    const tested = await asOwner(test.action, `/webhooks/${webhook.id}/test/`, { method: "POST" }, params);
    expect(tested.status).toBe(202);
    expect(tested.body.data.delivery).toMatchObject({ webhook_id: webhook.id, event: "ping", status: "pending", attempts: 0 });
    const deliveryId = tested.body.data.delivery.id;
    await until(async () => (await asOwner(deliveries.loader, `/webhooks/${webhook.id}/deliveries/`, {}, params)).body.data.deliveries[0]?.status === "delivered", "the test delivery");
    const log = await asOwner(deliveries.loader, `/webhooks/${webhook.id}/deliveries/?page=1`, {}, params);
    expect(log.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 1 });
    expect(log.body.data.deliveries[0]).toMatchObject({ id: deliveryId, event: "ping", attempts: 1, response_status: 200, next_attempt_at: null, duration_ms: expect.any(Number) });

    const again = await asOwner(redeliver.action, `/webhooks/${webhook.id}/deliveries/${deliveryId}/redeliver/`, { method: "POST" }, { ...params, deliveryId });
    expect(again.status).toBe(202);
    expect(again.body.data.delivery).toMatchObject({ event: "ping", event_id: log.body.data.deliveries[0].event_id });

    const rotated = await asOwner(rotate.action, `/webhooks/${webhook.id}/rotate/`, { method: "POST" }, params);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.webhook.rotation_ends_at).not.toBeNull();

    const db = await getDb();
    const actions = (await db.selectFrom("audit_log").select(["action", "target"]).where("target", "=", `webhook:${webhook.id}`).execute()).map((e) => e.action);
    expect(actions.sort()).toEqual(["webhook.created", "webhook.redelivered", "webhook.secret_rotated", "webhook.tested", "webhook.updated"]);
    const trail = JSON.stringify(await db.selectFrom("audit_log").selectAll().execute());
    expect(trail).not.toContain(secret);
    expect(trail).not.toContain(rotated.body.data.secret);
  });

  it("answers bad input and unsafe URLs 400, unknown ids 404, with 6001 and a clear message", async () => {
    const bad = async (body: unknown) => asOwner(create.action, "/webhooks/create/", jsonBody(body));
    for (const body of [{ events: ["alert.created"] }, { url: "https://example.com/", events: [] }, { url: "https://example.com/", events: ["code.created"] }, { url: "not a url", events: ["alert.created"] }, { url: "https://example.com/", events: ["alert.created"], enabled: "yes" }]) {
      const res = await bad(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status_code: 6001, data: null });
    }
    const metadata = await bad({ url: "https://169.254.169.254/latest/meta-data", events: ["alert.created"] });
    expect(metadata.status).toBe(400);
    expect(metadata.body).toMatchObject({ status_code: 6001, message: expect.stringMatching(/not on the public internet/) });
    const plain = await bad({ url: "http://10.0.0.5/hook", events: ["alert.created"] });
    expect(plain.status).toBe(400);
    const nothing = await asOwner(update.action, "/webhooks/nope/", jsonBody({}, "PATCH"), { webhookId: "nope" });
    expect(nothing.status).toBe(400);
    for (const [handler, path, init, params] of [
      [update.action, "/webhooks/nope/", jsonBody({ enabled: true }, "PATCH"), { webhookId: "nope" }],
      [test.action, "/webhooks/nope/test/", { method: "POST" }, { webhookId: "nope" }],
      [rotate.action, "/webhooks/nope/rotate/", { method: "POST" }, { webhookId: "nope" }],
      [deliveries.loader, "/webhooks/nope/deliveries/", {}, { webhookId: "nope" }],
      [redeliver.action, "/webhooks/nope/deliveries/x/redeliver/", { method: "POST" }, { webhookId: "nope", deliveryId: "x" }],
    ] as const) {
      const res = await asOwner(handler, path, init as RequestInit, params);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ status_code: 6001, data: null });
    }
  });

  it("is for owners only: an editor and an API key are refused 403", async () => {
    const asEditor = await callApi(list.loader, `${base}/webhooks/list/`, { auth: editorToken });
    expect(asEditor.status).toBe(403);
    const key = await asOwner(keysCreate.action, "/keys/create/", jsonBody({ name: "all scopes", scopes: ["read:alerts", "write:alerts", "read:batches", "write:batches"] }));
    const withKey = await callApi(create.action, `${base}/webhooks/create/`, { ...jsonBody({ url: receiver.url, events: ["alert.created"] }), auth: key.body.data.secret });
    expect(withKey.status).toBe(403);
    expect(withKey.body).toMatchObject({ status_code: 6001 });
  });
});
