import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { activeCode, alertsFor, checkFrom } from "../../../tests/unit/checks";
import { plain } from "../../../tests/unit/codes";
import { Receiver, until } from "../../../tests/unit/receiver";
import { cloneSubject } from "~/features/alerts/signals.server";
import { backoffMs, deliverDue, MAX_ATTEMPTS, timedSignature } from "./webhooks.server";

// A real receiver on a loopback port of this project's range; the secret signs every body.
const receiver = new Receiver(3781);
const SECRET = "test-webhook-secret-0123456789";
process.env.ALERT_WEBHOOK_URL = receiver.url;
process.env.ALERT_WEBHOOK_SECRET = SECRET;

const sign = (body: string) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;

/** A receiver's check of `X-Webhook-Signature`, as the README shows it: recompute, compare, and refuse a stale time. */
function verifyTimed(header: string, body: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac("sha256", SECRET).update(`${parts.t}.${body}`).digest("hex");
  return Number.isInteger(t) && Math.abs(Date.now() / 1000 - t) <= toleranceSeconds && parts.v1 === expected;
}

beforeAll(async () => {
  await getDb();
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
});

/** Opens a clone alert (a used code checked from a second country) and returns it. */
async function openCloneAlert() {
  const { id, code } = await activeCode();
  await checkFrom(code, `buyer-${id}`, "SA");
  await checkFrom(code, `copier-${id}`, "EG");
  const [alert] = await alertsFor(cloneSubject(id));
  expect(alert?.status).toBe("open");
  return alert!;
}

async function deliveryOf(alertId: string) {
  const db = await getDb();
  return db.selectFrom("webhook_deliveries").selectAll().where("subject_id", "=", alertId).executeTakeFirstOrThrow();
}


describe("alert webhook", () => {
  it("POSTs each new alert once as JSON signed with HMAC-SHA-256 of the exact body", async () => {
    receiver.answer([], 200);
    const before = receiver.received.length;
    const alert = await openCloneAlert();
    await receiver.waitFor(before + 1);
    const request = receiver.received[before]!;
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-signature"]).toBe(sign(request.body));
    const timed = String(request.headers["x-webhook-signature"]);
    expect(timed).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(verifyTimed(timed, request.body)).toBe(true);
    // Another time or another body under the same v1 does not verify; nor does a replay past the tolerance.
    const [t, v1] = timed.split(",");
    expect(verifyTimed(`t=${Number(t!.slice(2)) - 1},${v1}`, request.body)).toBe(false);
    expect(verifyTimed(timed, request.body.replace('"clone"', '"market"'))).toBe(false);
    expect(verifyTimed(timedSignature(request.body, SECRET, Math.floor(Date.now() / 1000) - 600), request.body)).toBe(false);
    expect(request.headers["x-alert-id"]).toBe(alert.id);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      event: "alert.created",
      alert: { id: alert.id, kind: "clone", status: "open", code: alert.code, batch_id: null, scans_count: 2 },
    });
    expect(body.alert.url).toMatch(new RegExp(`/admin/dashboard/alerts/${alert.id}$`));
    await until(async () => (await deliveryOf(alert.id)).status === "delivered", "the delivery to be recorded");
    expect(await deliveryOf(alert.id)).toMatchObject({ attempts: 1, last_status: 200 });

    // A further check updates the alert: that is not announced again.
    const code = plain(await (await getDb()).selectFrom("codes").select(["code_hash", "code_enc"]).where("id", "=", alert.code_id!).executeTakeFirstOrThrow());
    await checkFrom(code, "third-client", "SA");
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.length).toBe(before + 1);
    const tampered = sign(request.body.replace('"clone"', '"market"'));
    expect(tampered).not.toBe(request.headers["x-signature"]);
  });

  it("retries a failed delivery with exponential backoff until the receiver accepts it", async () => {
    receiver.answer([500, 503], 200);
    const before = receiver.received.length;
    const alert = await openCloneAlert();
    await receiver.waitFor(before + 1);
    await until(async () => (await deliveryOf(alert.id)).attempts === 1, "the first attempt");
    const first = await deliveryOf(alert.id);
    expect(first).toMatchObject({ status: "pending", last_status: 500 });
    const failedAt = Date.parse(first.next_attempt_at) - backoffMs(1);

    // Not before its time; then at each step of the backoff.
    expect(await deliverDue({ now: () => new Date(failedAt + backoffMs(1) - 1_000) })).toEqual([]);
    const second = await deliverDue({ now: () => new Date(failedAt + backoffMs(1) + 1) });
    expect(second).toEqual([expect.objectContaining({ delivered: false, status: 503 })]);
    const retryAt = Date.parse((await deliveryOf(alert.id)).next_attempt_at);
    expect(retryAt - (failedAt + backoffMs(1) + 1)).toBe(backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    const third = await deliverDue({ now: () => new Date(retryAt + 1) });
    expect(third).toEqual([expect.objectContaining({ delivered: true, status: 200 })]);

    const attempts = receiver.received.slice(before);
    expect(attempts).toHaveLength(3);
    // The same body, the same signature, on every attempt; the attempt number in its own header.
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    expect(attempts.every((a) => a.headers["x-signature"] === sign(a.body))).toBe(true);
    expect(attempts.every((a) => verifyTimed(String(a.headers["x-webhook-signature"]), a.body))).toBe(true);
    expect(attempts.map((a) => a.headers["x-delivery-attempt"])).toEqual(["1", "2", "3"]);
    // One delivery, one id on every attempt: a receiver drops the retries of what it has processed.
    expect(new Set(attempts.map((a) => a.headers["x-webhook-id"])).size).toBe(1);
    expect(attempts[0]!.headers["x-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await deliveryOf(alert.id)).toMatchObject({ status: "delivered", attempts: 3, last_status: 200 });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    receiver.answer([], 500);
    const before = receiver.received.length;
    const alert = await openCloneAlert();
    await receiver.waitFor(before + 1);
    await until(async () => (await deliveryOf(alert.id)).attempts === 1, "the first attempt");
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      const due = Date.parse((await deliveryOf(alert.id)).next_attempt_at);
      await deliverDue({ now: () => new Date(due + 1) });
    }
    expect(receiver.received.length - before).toBe(MAX_ATTEMPTS);
    expect(await deliveryOf(alert.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_status: 500 });
    receiver.answer([], 200);
  });

  it("never makes the shopper's check wait for the receiver", async () => {
    receiver.answer(["hang"], 200);
    const before = receiver.received.length;
    const { id, code } = await activeCode();
    await checkFrom(code, "hang-buyer", "SA");
    // This check opens an alert whose delivery the receiver holds open: the check answers anyway.
    const answered = await checkFrom(code, "hang-copier", "FR");
    expect(answered.outcome).toBe("used");
    await receiver.waitFor(before + 1);
    const [alert] = await alertsFor(cloneSubject(id));
    expect((await deliveryOf(alert!.id)).status).toBe("pending");
    // Meanwhile other shoppers' checks go through as usual.
    const other = await activeCode();
    expect((await checkFrom(other.code, "someone-else")).outcome).toBe("valid");
    receiver.release(200);
    await until(async () => (await deliveryOf(alert!.id)).status === "delivered", "the held delivery to finish");
  });

  it("two workers sweeping at once send each delivery once (a lease per row)", async () => {
    receiver.answer([500], 200);
    const before = receiver.received.length;
    const alert = await openCloneAlert();
    await receiver.waitFor(before + 1);
    await until(async () => (await deliveryOf(alert.id)).attempts === 1, "the first attempt");
    const due = Date.parse((await deliveryOf(alert.id)).next_attempt_at) + 1;
    const [a, b] = await Promise.all([deliverDue({ now: () => new Date(due) }), deliverDue({ now: () => new Date(due) })]);
    expect(a.length + b.length).toBe(1);
    expect(receiver.received.length - before).toBe(2);
  });
});
