import argon2 from "argon2";
import { describe, expect, it, vi } from "vitest";
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

  it("spends the same work on an unknown user as on a wrong password: one argon2 check at the same cost", async () => {
    const hash = await hashPassword("the-real-password");
    const verify = vi.spyOn(argon2, "verify");
    try {
      expect(await verifyPassword(hash, "wrong-password")).toBe(false);
      expect(await verifyAgainstDummy("wrong-password")).toBe(false);
      // Even the right password of some other account never passes the dummy check.
      expect(await verifyAgainstDummy("the-real-password")).toBe(false);
      expect(verify).toHaveBeenCalledTimes(3);
      const [realHash] = verify.mock.calls[0]!;
      const [dummyHash, dummyInput] = verify.mock.calls[1]!;
      expect(dummyInput).toBe("wrong-password");
      // Same algorithm, version and cost parameters (memory, passes, lanes): the same work per check.
      expect(costOf(dummyHash)).toEqual(costOf(realHash));
      expect(dummyHash).not.toBe(realHash);
      // Oversized input is cut to the accepted length rather than skipping the work.
      verify.mockClear();
      expect(await verifyAgainstDummy("x".repeat(10_000))).toBe(false);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it("makes random bootstrap passwords long enough and different", () => {
    const a = randomPassword();
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(a).not.toBe(randomPassword());
  });
});

/** "$argon2id$v=19$m=19456,t=2,p=1$salt$hash" → "argon2id v=19 m=19456,t=2,p=1". */
function costOf(hash: string): string {
  const [, type, version, params] = hash.split("$");
  return `${type} ${version} ${params}`;
}
