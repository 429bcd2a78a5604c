import { describe, expect, it } from "vitest";
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
});
