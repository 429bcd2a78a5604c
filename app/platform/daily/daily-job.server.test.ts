import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { pastScan } from "../../../tests/unit/checks";
import { createReport } from "~/features/reports/reports.server";
import { runDailyJob } from "./daily-job.server";
import { addDays, dayOf, startOfDay } from "~/platform/lib/days";

// This file's retention: 30 days (the default is 400).
process.env.SCAN_RETENTION_DAYS = "30";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const at = (daysAgo: number, time = "12:00:00.000Z") => `${addDays(dayOf(NOW), -daysAgo)}T${time}`;

beforeAll(async () => {
  await getDb();
});

async function dailyTotal(day: string) {
  const db = await getDb();
  const rows = await db.selectFrom("scan_daily").select("n").where("dim", "=", "all").where("day", "=", day).execute();
  return rows.reduce((sum, r) => sum + r.n, 0);
}

describe("retention (SCAN_RETENTION_DAYS)", () => {
  it("deletes scans of days before the retained window, keeps their daily counts, and what refers to them survives", async () => {
    const db = await getDb();
    const old = await pastScan({ outcome: "unknown", input: "OLDGUESS", created_at: at(45) });
    const edge = await pastScan({ outcome: "unknown", input: "EDGEDAY", created_at: at(31, "23:59:59.999Z") });
    const kept = await pastScan({ outcome: "unknown", input: "FIRSTKEPT", created_at: at(30, "00:00:00.000Z") });
    const recent = await pastScan({ outcome: "used", input: "RECENT", created_at: at(2) });
    // An alert listing the old scan, and a shopper's report made from it.
    await db
      .insertInto("alerts")
      .values({ id: "alert-old", kind: "guessing", subject: "guessing:spike", status: "closed", code_id: null, code: null, product_id: null, batch_id: null, detail: "{}", scans_count: 2, created_at: at(45), updated_at: at(45), acknowledged_at: null, acknowledged_by: null, closed_at: at(44), closed_by: "a" })
      .execute();
    await db.insertInto("alert_scans").values([old, recent].map((s) => ({ alert_id: "alert-old", scan_id: s.id, created_at: at(45) }))).execute();
    const made = await createReport({
      input: { scan_id: old.id, seller: "Market stall", city: "Cairo", country: "EG", purchased_on: addDays(dayOf(NOW), -46), contact: null, consent: true, website: undefined },
      photo: null,
      lang: "en",
      clientHash: "old-reporter",
    });
    if (!made.ok) throw new Error(made.error);
    const countsBefore = [await dailyTotal(dayOf(old.created_at)), await dailyTotal(dayOf(edge.created_at))];

    const result = await runDailyJob({ now: NOW, holder: "worker-1" });
    expect(result).toMatchObject({ day: "2026-11-23", retainedFrom: "2026-10-24", scansDeleted: 2 });
    const left = (await db.selectFrom("scans").select("id").where("id", "in", [old.id, edge.id, kept.id, recent.id]).execute()).map((r) => r.id);
    expect(left.sort()).toEqual([kept.id, recent.id].sort());
    expect((await db.selectFrom("scans").select("created_at").orderBy("created_at").limit(1).executeTakeFirstOrThrow()).created_at >= startOfDay("2026-10-24")).toBe(true);
    // The daily counts of the deleted days are kept.
    expect([await dailyTotal(dayOf(old.created_at)), await dailyTotal(dayOf(edge.created_at))]).toEqual(countsBefore);
    expect(countsBefore).toEqual([1, 1]);
    // The alert lists what is left; the report keeps the scan's facts without the scan.
    expect((await db.selectFrom("alert_scans").select("scan_id").where("alert_id", "=", "alert-old").execute()).map((r) => r.scan_id)).toEqual([recent.id]);
    const stored = await db.selectFrom("reports").selectAll().where("id", "=", made.value.report!.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ scan_id: null, code: "OLDGUESS", outcome: "unknown", scanned_at: old.created_at });
  });

  it("runs once per day across workers: a lease decides who, and the next day it runs again", async () => {
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    const runs = await Promise.all([runDailyJob({ now: tomorrow, holder: "worker-a" }), runDailyJob({ now: tomorrow, holder: "worker-b" })]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runDailyJob({ now: new Date(tomorrow.getTime() + 3_600_000), holder: "worker-c" })).toBeNull();
    const db = await getDb();
    expect(await db.selectFrom("job_runs").selectAll().where("name", "=", "daily").executeTakeFirstOrThrow()).toMatchObject({
      last_day: "2026-11-24",
      lease_holder: null,
    });
    expect(await runDailyJob({ now: new Date(tomorrow.getTime() + 86_400_000), holder: "worker-c" })).toMatchObject({ day: "2026-11-25" });
  });

  it("prunes old limit-hit records and finished webhook deliveries", async () => {
    const db = await getDb();
    await db.insertInto("verify_limit_hits").values([
      { client_hash: "c1", window_end: at(3), created_at: at(3) },
      { client_hash: "c1", window_end: at(0, "09:00:00.000Z"), created_at: at(0, "09:00:00.000Z") },
    ]).execute();
    const delivery = (id: string, status: "delivered" | "pending", createdAt: string) => ({
      id, endpoint_id: null, event: "alert.created", event_id: id, subject_id: "alert-old", url: "http://127.0.0.1:3799/", payload: "{}", status, attempts: 1,
      next_attempt_at: createdAt, lease_until: null, last_status: 200, last_error: null, duration_ms: 5, created_at: createdAt, delivered_at: status === "delivered" ? createdAt : null,
    });
    await db.insertInto("webhook_deliveries").values([delivery("sent-long-ago", "delivered", at(40)), delivery("still-pending", "pending", at(40)), delivery("sent-lately", "delivered", at(5))]).execute();
    const result = await runDailyJob({ now: new Date("2026-11-26T10:00:00.000Z"), holder: "worker-d" });
    expect(result).toMatchObject({ limitHitsDeleted: 2, deliveriesDeleted: 1 });
    expect(await db.selectFrom("verify_limit_hits").selectAll().where("client_hash", "=", "c1").execute()).toEqual([]);
    expect((await db.selectFrom("webhook_deliveries").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual(["sent-lately", "still-pending"]);
  });
});
