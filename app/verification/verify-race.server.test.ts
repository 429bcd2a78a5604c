import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { codeHash, sealed } from "../../tests/unit/codes";
import { generateCode } from "./code-format";

const childScript = fileURLToPath(new URL("../../tests/unit/verify-race.child.ts", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));

type Outcome = { code: string; outcome: string };

/** Starts a checker process on the same database file; resolves once it is ready to go. */
function startChecker(codes: string[], rounds: number) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", childScript, codes.join(","), String(rounds)], {
    cwd: root,
    env: { ...process.env, VERIFY_RATE_LIMIT: "1000000" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`checker exited early with ${code}`)));
  });
  const done = new Promise<Outcome[]>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`checker exited with ${code}`));
      const line = output.split("\n").filter(Boolean).at(-1) ?? "[]";
      resolve(JSON.parse(line) as Outcome[]);
    });
  });
  return { ready, done, go: () => child.stdin!.write("go\n") };
}

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
    const a = startChecker(codes, rounds);
    const b = startChecker(codes, rounds);
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const results = [...(await a.done), ...(await b.done)];

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
