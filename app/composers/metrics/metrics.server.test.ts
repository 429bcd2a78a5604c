import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getConnection, getDb } from "@db/db.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { revealPacks } from "~/platform/codes/code-store.server";
import { CODE_ALPHABET } from "~/platform/codes/code-format";
import { redeemPack, viewPack, WRONG_PINS_PER_SERIAL } from "~/features/packs/packs.server";
import { checkCode } from "~/features/check/verify.server";
import { activeCode, checkFrom } from "../../../tests/unit/checks";
import { parseMetrics, total } from "../../../tests/unit/prometheus";
import { countChecks, localMetricsText } from "./metrics.server";

// The figures read by GET /metrics, from the real check, the real outbox table and the real write
// lock of this test file's fresh database.

const scrape = async () => parseMetrics(await localMetricsText());

beforeAll(async () => {
  await getDb();
  countChecks();
});

describe("verifications_total", () => {
  it("counts each committed check by outcome", async () => {
    const before = await scrape();
    const { code } = await activeCode();
    await checkFrom(code, "client-a");
    await checkFrom(code, "client-b");
    await checkFrom("ZZZZ-9999-ZZ", "client-c");
    const after = await scrape();
    const rise = (outcome: string) => total(after, "verifications_total", { outcome }) - total(before, "verifications_total", { outcome });
    expect([rise("valid"), rise("used"), rise("unknown"), rise("expired")]).toEqual([1, 1, 1, 0]);
    // Every outcome has its series from the start (a rate of 0 is not a missing series).
    expect(total(before, "verifications_total", { outcome: "rate_limited" })).toBe(0);
    expect(before.find((f) => f.name === "verifications_total")?.metrics.length).toBe(10);
  });
});

describe("verifications_total for packs and the limit", () => {
  const rise = async (act: () => Promise<unknown>) => {
    const before = await scrape();
    await act();
    const after = await scrape();
    return Object.fromEntries(["valid", "used", "wrong_pin", "unknown", "rate_limited"].map((o) => [o, total(after, "verifications_total", { outcome: o }) - total(before, "verifications_total", { outcome: o })]));
  };

  it("counts a pack's PIN redemptions, never its page's views", async () => {
    const made = await createBatch({ productId: products[0]!.id, quantity: 1, lot: "L-METRICS", bestBefore: "2028-06-30", label: "two_part", createdBy: "admin-1" });
    if (!made.ok) throw new Error(made.error);
    const db = await getDb();
    const [pack] = revealPacks(await db.selectFrom("codes").selectAll().where("batch_id", "=", made.value.id).execute());
    const request = { serial: pack!.serial, lang: "en" as const, clientHash: "pack-buyer", userAgent: "vitest", country: null };
    expect(await rise(() => viewPack(request))).toEqual({ valid: 0, used: 0, wrong_pin: 0, unknown: 0, rate_limited: 0 });
    expect(await rise(() => redeemPack({ ...request, pin: pack!.pin }))).toEqual({ valid: 1, used: 0, wrong_pin: 0, unknown: 0, rate_limited: 0 });
    expect(await rise(() => redeemPack({ ...request, pin: pack!.pin }))).toEqual({ valid: 0, used: 1, wrong_pin: 0, unknown: 0, rate_limited: 0 });
  });

  it("counts a check refused by the verification limit as rate_limited", async () => {
    const check = () => checkCode({ code: "ABCD-0000-LM", lang: "en", clientHash: "client-over-limit", userAgent: "vitest", country: null });
    const counted = await rise(async () => {
      for (let i = 0; i < 21; i++) await check();
    });
    expect(counted).toEqual({ valid: 0, used: 0, wrong_pin: 0, unknown: 20, rate_limited: 1 });
  });

  it("counts a PIN refused by the pack's wrong-PIN limit as rate_limited, with no limit hit for brand protection", async () => {
    const made = await createBatch({ productId: products[0]!.id, quantity: 1, lot: "L-METRICS-PIN", bestBefore: "2028-06-30", label: "two_part", createdBy: "admin-1" });
    if (!made.ok) throw new Error(made.error);
    const db = await getDb();
    const [pack] = revealPacks(await db.selectFrom("codes").selectAll().where("batch_id", "=", made.value.id).execute());
    const request = { serial: pack!.serial, lang: "en" as const, clientHash: "pin-guesser", userAgent: "vitest", country: null };
    // The PIN with its first letter changed: well formed, and wrong.
    const wrongPin = `${CODE_ALPHABET[(CODE_ALPHABET.indexOf(pack!.pin[0]!) + 1) % CODE_ALPHABET.length]}${pack!.pin.slice(1)}`;
    const counted = await rise(async () => {
      for (let i = 0; i <= WRONG_PINS_PER_SERIAL; i++) await redeemPack({ ...request, pin: wrongPin });
    });
    expect(counted).toEqual({ valid: 0, used: 0, wrong_pin: WRONG_PINS_PER_SERIAL, unknown: 0, rate_limited: 1 });
    expect(await db.selectFrom("verify_limit_hits").select("client_hash").where("client_hash", "=", "pin-guesser").execute()).toEqual([]);
  });
});

describe("webhook outbox", () => {
  it("shows the pending deliveries and the age of the oldest, read when scraped", async () => {
    const db = await getDb();
    const now = Date.now();
    const alertId = randomUUID();
    const at = (ago: number) => new Date(now - ago * 1000).toISOString();
    await db
      .insertInto("alerts")
      .values({ id: alertId, kind: "clone", subject: `metrics-${alertId}`, status: "open", code_id: null, code: null, product_id: null, batch_id: null, detail: "{}", scans_count: 1, created_at: at(0), updated_at: at(0), acknowledged_at: null, acknowledged_by: null, closed_at: null, closed_by: null })
      .execute();
    const delivery = (ago: number, status: "pending" | "delivered") => ({
      id: randomUUID(),
      subject_id: alertId,
      event: "alert.created",
      event_id: randomUUID(),
      url: "https://hooks.example.com/x",
      payload: "{}",
      status,
      attempts: 1,
      next_attempt_at: at(-3600),
      lease_until: null,
      last_status: null,
      last_error: null,
      created_at: at(ago),
      delivered_at: null,
    });
    await db.insertInto("webhook_deliveries").values([delivery(120, "pending"), delivery(30, "pending"), delivery(600, "delivered")]).execute();

    const scraped = await scrape();
    expect(total(scraped, "outbox_pending_messages", { outbox: "webhooks" })).toBe(2);
    const age = total(scraped, "outbox_oldest_pending_age_seconds", { outbox: "webhooks" });
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);

    await db.updateTable("webhook_deliveries").set({ status: "delivered" }).where("subject_id", "=", alertId).execute();
    const drained = await scrape();
    expect(total(drained, "outbox_pending_messages", { outbox: "webhooks" })).toBe(0);
    expect(total(drained, "outbox_oldest_pending_age_seconds", { outbox: "webhooks" })).toBe(0);
  });
});

describe("database and process", () => {
  it("times the write lock of every write transaction (SQLite), the pool (PostgreSQL), memory and event-loop lag", async () => {
    const { code } = await activeCode();
    await checkFrom(code, "client-lock");
    const scraped = await scrape();
    const connection = await getConnection();
    if (connection.engine === "sqlite") {
      expect(total(scraped, "db_write_lock_wait_seconds")).toBeGreaterThan(0);
      expect(scraped.find((f) => f.name === "db_write_lock_waits_total")?.type).toBe("COUNTER");
    } else {
      expect(total(scraped, "db_pool_connections", { state: "idle" }) + total(scraped, "db_pool_connections", { state: "in_use" })).toBeGreaterThan(0);
    }
    expect(total(scraped, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(scraped.some((f) => f.name === "nodejs_eventloop_lag_seconds")).toBe(true);
  });
});
