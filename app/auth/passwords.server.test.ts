import { describe, expect, it } from "vitest";
import { hashPassword, randomPassword, verifyAgainstDummy, verifyPassword } from "./passwords.server";

describe("password hashing", () => {
  it("hashes with argon2id at OWASP's floor or above (19 MiB, t=2, p=1)", async () => {
    const hash = await hashPassword("correct horse battery");
    const [, type, version, params] = hash.split("$");
    expect(type).toBe("argon2id");
    expect(version).toBe("v=19");
    const p = Object.fromEntries(params!.split(",").map((kv) => kv.split("=")).map(([k, v]) => [k, Number(v)]));
    expect(p.m).toBeGreaterThanOrEqual(19 * 1024);
    expect(p.t).toBeGreaterThanOrEqual(2);
    expect(p.p).toBe(1);
    expect(hash).not.toContain("correct horse battery");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("s3cret-password");
    expect(await verifyPassword(hash, "s3cret-password")).toBe(true);
    expect(await verifyPassword(hash, "s3cret-passworD")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });

  it("answers false, never throws, for a malformed hash or an oversized password", async () => {
    expect(await verifyPassword("not-a-hash", "whatever")).toBe(false);
    const hash = await hashPassword("short-one");
    expect(await verifyPassword(hash, "x".repeat(10_000))).toBe(false);
  });

  it("spends about the same work on an unknown user as on a wrong password", async () => {
    const hash = await hashPassword("the-real-password");
    await verifyAgainstDummy("warm-up"); // the dummy hash is made once per process
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await fn();
      return performance.now() - start;
    };
    const real = await time(() => verifyPassword(hash, "wrong-password"));
    const dummy = await time(() => verifyAgainstDummy("wrong-password"));
    expect(await verifyAgainstDummy("the-real-password")).toBe(false);
    expect(dummy).toBeGreaterThan(real * 0.5);
    expect(dummy).toBeLessThan(real * 2);
  });

  it("makes random bootstrap passwords long enough and different", () => {
    const a = randomPassword();
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(a).not.toBe(randomPassword());
  });
});
