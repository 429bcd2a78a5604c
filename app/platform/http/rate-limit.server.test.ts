import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createLimiter } from "./rate-limit.server";

describe("rate limits", () => {
  it("allows up to the limit per key, then refuses with a retry time", async () => {
    const limiter = createLimiter("test-a", () => 3, 60);
    for (let i = 0; i < 3; i++) expect((await limiter.consume("k1")).allowed).toBe(true);
    const refused = await limiter.consume("k1");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await limiter.consume("k2")).allowed).toBe(true);
  });

  it("checks without counting and forgets on reset", async () => {
    const limiter = createLimiter("test-b", () => 2, 60);
    expect((await limiter.check("k")).allowed).toBe(true);
    await limiter.consume("k");
    await limiter.consume("k");
    expect((await limiter.check("k")).allowed).toBe(false);
    await limiter.reset("k");
    expect((await limiter.check("k")).allowed).toBe(true);
  });

  it("counts many events at once as one after the other would (the check's batch, decision 198)", async () => {
    const limiter = createLimiter("test-c", () => 3, 60);
    await limiter.consume("a");
    // "a" had one event: its 2nd and 3rd pass, its 4th is refused; "b" and "c" start their windows.
    const answers = await limiter.consumeEach(["c", "a", "b", "a", "a", "c"]);
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, false, true]);
    const refused = answers[4]!;
    if (!refused.allowed) {
      expect(refused.consumed).toBe(4);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // The same rows as `consume`: "c" has two events, "b" one.
    expect((await limiter.consume("c")).allowed).toBe(true);
    expect((await limiter.consume("c")).allowed).toBe(false);
    expect((await limiter.consumeEach(["b", "b"])).map((a) => a.allowed)).toEqual([true, true]);
    expect((await limiter.consumeEach(["b"]))[0]!.allowed).toBe(false);
    expect(await limiter.consumeEach([])).toEqual([]);

    // A window that has ended starts again with the new events.
    const db = await getDb();
    await db.updateTable("rate_limits").set({ expire: Date.now() - 1000 }).where("key", "=", "test-c:a").execute();
    expect((await limiter.consumeEach(["a", "a", "a", "a"])).map((a) => a.allowed)).toEqual([true, true, true, false]);
    const row = await db.selectFrom("rate_limits").select(["points", "expire"]).where("key", "=", "test-c:a").executeTakeFirstOrThrow();
    expect(Number(row.points)).toBe(4);
    expect(Number(row.expire)).toBeGreaterThan(Date.now() + 50_000);
  });
});
