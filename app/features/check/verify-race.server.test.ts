import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { codeHash, sealed } from "../../../tests/unit/codes";
import { raceTwo } from "../../../tests/unit/race";
import { generateCode } from "~/platform/codes/code-format";

describe("one use across processes", () => {
  it("two processes sharing the database file: each code is valid exactly once", { timeout: 60_000 }, async () => {
    const db = await getDb();
    const codes = Array.from({ length: 25 }, () => generateCode());
    const now = new Date().toISOString();
    await db
      .insertInto("codes")
      .values(codes.map((code) => ({ id: randomUUID(), ...sealed(code), product_id: "p", status: "active" as const, created_at: now, expired_at: null, verified_at: null })))
      .execute();

    const rounds = 6;
    const results = await raceTwo(codes, rounds);

    expect(results).toHaveLength(codes.length * rounds * 2);
    for (const code of codes) {
      const mine = results.filter((r) => r.code === code);
      expect(mine).toHaveLength(rounds * 2);
      expect(mine.filter((r) => r.outcome === "valid"), code).toHaveLength(1);
      expect(mine.filter((r) => r.outcome === "used")).toHaveLength(rounds * 2 - 1);
    }

    const rows = await db.selectFrom("codes").select(["status", "verified_at"]).where("code_hash", "in", codes.map(codeHash)).execute();
    expect(rows.every((r) => r.status === "expired" && r.verified_at !== null)).toBe(true);
    const scans = await db.selectFrom("scans").select((eb) => eb.fn.countAll<number>().as("n")).where("input", "in", codes).executeTakeFirstOrThrow();
    expect(Number(scans.n)).toBe(codes.length * rounds * 2);
    const valid = await db.selectFrom("scans").select((eb) => eb.fn.countAll<number>().as("n")).where("input", "in", codes).where("outcome", "=", "valid").executeTakeFirstOrThrow();
    expect(Number(valid.n)).toBe(codes.length);
  });
});
