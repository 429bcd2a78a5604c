import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { activeCode, alertScanIds, alertsFor, checkFrom, hoursAgo, member, pastScan } from "../../../tests/unit/checks";
import { changeAlertStatus } from "./alerts.server";
import { dailyRowsOf } from "~/features/scans/daily.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { plain } from "../../../tests/unit/codes";
import { cloneSubject, clientSubject, marketSubject, SPIKE_SUBJECT } from "./signals.server";
import { normalizeInput } from "~/platform/codes/code-format";

// The thresholds these histories are crafted for (the documented defaults, but the spike's and the
// limit's, lowered so a test can cross them). Read on first use of the environment.
process.env.UNKNOWN_SPIKE_PER_HOUR = "5";
process.env.VERIFY_RATE_LIMIT = "6";
process.env.GUESSING_LIMIT_HITS = "3";

const ADMIN = member("admin-1", "analyst");

beforeAll(async () => {
  await getDb();
});

describe("suspected clone", () => {
  it("opens when a used code is checked by 2 clients other than the first verifier, and stays one alert as checks arrive", async () => {
    const { id, code } = await activeCode();
    const first = await checkFrom(code, "first-buyer", "SA");
    expect(first.outcome).toBe("valid");
    // The genuine buyer checking again, and one other client: not yet a clone.
    await checkFrom(code, "first-buyer", "SA");
    const b = await checkFrom(code, "client-b", "SA");
    expect(b.outcome).toBe("used");
    expect(await alertsFor(cloneSubject(id))).toHaveLength(0);

    const c = await checkFrom(code, "client-c", "SA");
    const [alert] = await alertsFor(cloneSubject(id));
    expect(alert).toMatchObject({ kind: "clone", status: "open", code, code_id: id, product_id: "prod-test", scans_count: 4 });
    expect(JSON.parse(alert!.detail)).toMatchObject({ kind: "clone", reasons: ["clients"], other_clients: 2, countries: ["SA"] });
    expect(await alertScanIds(alert!.id)).toEqual(expect.arrayContaining([first.scanId, b.scanId, c.scanId]));

    // Further checks add their scans to the same alert.
    const d = await checkFrom(code, "client-d", "SA");
    await checkFrom(code, "client-b", "SA");
    const alerts = await alertsFor(cloneSubject(id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.scans_count).toBe(6);
    expect(await alertScanIds(alerts[0]!.id)).toContain(d.scanId);
  });

  it("opens at once when the used code is checked from a second country", async () => {
    const { id, code } = await activeCode();
    await checkFrom(code, "buyer", "SA");
    await checkFrom(code, "buyer", null); // no country (a private address): not a second country
    expect(await alertsFor(cloneSubject(id))).toHaveLength(0);
    await checkFrom(code, "traveller", "AE");
    const [alert] = await alertsFor(cloneSubject(id));
    expect(JSON.parse(alert!.detail)).toMatchObject({ reasons: ["countries"], countries: ["AE", "SA"] });
  });

  it("opens on the 5th re-check within 24 hours; older re-checks do not count", async () => {
    const { id, code } = await activeCode();
    const db = await getDb();
    await checkFrom(code, "owner", "SA");
    // Four re-checks two days ago, by the same client: outside the 24-hour window.
    for (let i = 0; i < 4; i++) await pastScan({ outcome: "used", code_id: id, input: code, client_hash: "owner", country: "SA", created_at: hoursAgo(48 + i) });
    for (let i = 0; i < 4; i++) await checkFrom(code, "owner", "SA");
    expect(await alertsFor(cloneSubject(id))).toHaveLength(0);
    await checkFrom(code, "owner", "SA");
    const [alert] = await alertsFor(cloneSubject(id));
    expect(JSON.parse(alert!.detail)).toMatchObject({ reasons: ["checks_24h"], checks_24h: 5, other_clients: 0 });
    // It lists the code's whole history: the first verification and all nine re-checks.
    expect(alert!.scans_count).toBe(10);
    const stored = await db.selectFrom("scans").select("id").where("code_id", "=", id).execute();
    expect((await alertScanIds(alert!.id)).sort()).toEqual(stored.map((s) => s.id).sort());
  });

  it("after an alert is closed, only later checks can open a new one", async () => {
    const { id, code } = await activeCode();
    await checkFrom(code, "one", "SA");
    await checkFrom(code, "two", "SA");
    await checkFrom(code, "three", "SA");
    const [alert] = await alertsFor(cloneSubject(id));
    await changeAlertStatus(alert!.id, "closed", ADMIN);

    await checkFrom(code, "four", "SA");
    expect((await alertsFor(cloneSubject(id))).filter((a) => a.status !== "closed")).toHaveLength(0);
    await checkFrom(code, "five", "SA");
    const alerts = await alertsFor(cloneSubject(id));
    expect(alerts.map((a) => a.status)).toEqual(["closed", "open"]);
  });

  it("concurrent re-checks from many clients open exactly one alert that lists every scan", async () => {
    const { id, code } = await activeCode();
    await checkFrom(code, "first-owner", "SA");
    await Promise.all(Array.from({ length: 20 }, (_, i) => checkFrom(code, `crowd-${i}`, "SA")));
    const alerts = await alertsFor(cloneSubject(id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.scans_count).toBe(21);
  });
});

describe("out of market", () => {
  /** A print run for a market (or none) and the plain texts of its codes, in serial order. */
  async function run(market: string | undefined, lot: string) {
    const made = await createBatch({ productId: products[0]!.id, quantity: 3, lot, market, createdBy: "admin-1" });
    if (!made.ok) throw new Error(made.error);
    const rows = await (await getDb()).selectFrom("codes").select(["id", "code_hash", "code_enc"]).where("batch_id", "=", made.value.id).orderBy("serial").execute();
    return rows.map((row) => ({ id: row.id, code: plain(row) }));
  }

  it("a run's code checked outside its market opens one alert; later checks outside it are added; inside it, nothing", async () => {
    const [home, abroad] = await run("SA", "MKT-1");
    await checkFrom(home!.code, "mkt-home", "SA");
    expect(await alertsFor(marketSubject(home!.id))).toEqual([]);

    const first = await checkFrom(abroad!.code, "mkt-abroad", "AE");
    const [alert] = await alertsFor(marketSubject(abroad!.id));
    expect(alert).toMatchObject({ kind: "market", status: "open", code_id: abroad!.id, batch_id: expect.any(String) });
    expect(JSON.parse(alert!.detail)).toEqual({ kind: "market", market: "SA", countries: ["AE"] });
    // Checked again from a third country (now a used code): the same alert lists it.
    const again = await checkFrom(abroad!.code, "mkt-abroad-2", "QA");
    expect(await alertsFor(marketSubject(abroad!.id))).toHaveLength(1);
    expect(await alertScanIds(alert!.id)).toEqual([first.scanId, again.scanId]);
  });

  it("says nothing for a run without a market, a check without a country, or a code outside any run", async () => {
    const [noMarket] = await run(undefined, "MKT-2");
    await checkFrom(noMarket!.code, "mkt-none", "AE");
    expect(await alertsFor(marketSubject(noMarket!.id))).toEqual([]);
    const [unplaced] = await run("SA", "MKT-3");
    await checkFrom(unplaced!.code, "mkt-private", null);
    expect(await alertsFor(marketSubject(unplaced!.id))).toEqual([]);
    const single = await activeCode();
    await checkFrom(single.code, "mkt-single", "AE");
    expect(await alertsFor(marketSubject(single.id))).toEqual([]);
  });
});

describe("guessing", () => {
  it("opens when more than UNKNOWN_SPIKE_PER_HOUR unknown codes are checked in an hour, site-wide", async () => {
    const db = await getDb();
    // Two hours ago: not this hour. Within the hour: four, then the live checks.
    for (let i = 0; i < 4; i++) await pastScan({ outcome: "unknown", created_at: hoursAgo(2 + i / 10) });
    for (let i = 0; i < 4; i++) await pastScan({ outcome: "unknown", created_at: hoursAgo(0.5) });
    await checkFrom("NOPE0001", "guess-a");
    expect(await alertsFor(SPIKE_SUBJECT)).toHaveLength(0);
    const sixth = await checkFrom("NOPE0002", "guess-b");
    const [alert] = await alertsFor(SPIKE_SUBJECT);
    expect(alert).toMatchObject({ kind: "guessing", status: "open", code: null, scans_count: 6 });
    expect(JSON.parse(alert!.detail)).toMatchObject({ reason: "spike", unknown_last_hour: 6, threshold: 5 });
    expect(await alertScanIds(alert!.id)).toContain(sixth.scanId);

    const seventh = await checkFrom("NOPE0003", "guess-c");
    const [updated] = await alertsFor(SPIKE_SUBJECT);
    expect(updated!.scans_count).toBe(7);
    expect(await alertScanIds(updated!.id)).toContain(seventh.scanId);
    // A known code's check is never listed in a guessing alert.
    const { code } = await activeCode();
    await checkFrom(code, "shopper");
    expect((await db.selectFrom("alerts").select("scans_count").where("id", "=", updated!.id).executeTakeFirstOrThrow()).scans_count).toBe(7);
  });

  it("opens when one client hits its verification limit in 3 windows within 24 hours", async () => {
    const db = await getDb();
    const client = "hammering-client";
    // Two earlier episodes today and one the day before yesterday (too old to count).
    for (const hours of [3, 6, 50]) {
      await db.insertInto("verify_limit_hits").values({ client_hash: client, window_end: hoursAgo(hours - 0.01), created_at: hoursAgo(hours) }).execute();
    }
    for (let i = 0; i < 6; i++) await checkFrom(`ZZZZ${i}XYZ`, client);
    const refused = await import("~/features/check/verify.server").then((m) => m.checkCode({ code: normalizeInput("ZZZZ9XYZ"), lang: "en", clientHash: client, userAgent: "vitest" }));
    expect(refused).toMatchObject({ ok: false, error: "rate_limited" });
    const [alert] = await alertsFor(clientSubject(client));
    expect(alert).toMatchObject({ kind: "guessing", status: "open", scans_count: 6 });
    expect(JSON.parse(alert!.detail)).toMatchObject({ reason: "client", limit_hits_24h: 3, threshold: 3 });
    // More refusals in the same window are the same episode.
    await import("~/features/check/verify.server").then((m) => m.checkCode({ code: normalizeInput("ZZZZ8XYZ"), lang: "en", clientHash: client, userAgent: "vitest" }));
    const hits = await db.selectFrom("verify_limit_hits").select("window_end").where("client_hash", "=", client).execute();
    expect(hits).toHaveLength(4);
    expect(await alertsFor(clientSubject(client))).toHaveLength(1);
  });
});

describe("daily aggregates", () => {
  it("add up to the scan log, per day, outcome and dimension", async () => {
    const db = await getDb();
    const expected = dailyRowsOf(await db.selectFrom("scans").selectAll().execute());
    const stored = await db.selectFrom("scan_daily").selectAll().execute();
    const key = (r: { dim: string; value: string; day: string; outcome: string }) => `${r.dim}|${r.value}|${r.day}|${r.outcome}`;
    expect(expected.length).toBeGreaterThan(10);
    expect(Object.fromEntries(stored.map((r) => [key(r), r.n]))).toEqual(Object.fromEntries(expected.map((r) => [key(r), r.n])));
  });

  it("count each product and print run per country as the log itself does", async () => {
    const db = await getDb();
    const scans = await db.selectFrom("scans").selectAll().execute();
    const counted = new Map<string, number>();
    for (const s of scans) {
      const day = s.created_at.slice(0, 10);
      for (const [dim, value] of [["product", s.product_id], ["batch", s.batch_id]] as const) {
        if (!value) continue;
        const key = `${dim}|${value}|${s.country ?? ""}|${day}|${s.outcome}`;
        counted.set(key, (counted.get(key) ?? 0) + 1);
      }
    }
    const stored = await db.selectFrom("scan_daily_country").selectAll().execute();
    expect(stored.some((r) => r.country !== "")).toBe(true);
    expect(Object.fromEntries(stored.map((r) => [`${r.dim}|${r.value}|${r.country}|${r.day}|${r.outcome}`, r.n]))).toEqual(Object.fromEntries(counted));
  });
});
