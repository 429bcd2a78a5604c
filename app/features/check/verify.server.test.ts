import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import type { CodeStatus } from "@db/schema";
import { env } from "~/platform/lib/env.server";
import { codeHash, sealed } from "../../../tests/unit/codes";
import { generateCode } from "~/platform/codes/code-format";
import { isScanId } from "./scan-writer.server";
import { normalizeInput } from "~/platform/codes/code-format";
import { onCheck } from "./check-hook.server";
import { checkCode, getVerification, verificationApiData, type CheckAnswer, type Verification } from "./verify.server";

async function insertCode(code: string, status: CodeStatus = "active", extra: { expired_at?: string; verified_at?: string } = {}) {
  const db = await getDb();
  const id = randomUUID();
  await db
    .insertInto("codes")
    .values({
      id,
      ...sealed(code),
      product_id: "prod-test",
      status,
      created_at: new Date().toISOString(),
      expired_at: extra.expired_at ?? null,
      verified_at: extra.verified_at ?? null,
    })
    .execute();
  return id;
}

let client = 0;
const check = (input: unknown, clientHash = `client-${++client}`) => checkCode({ code: normalizeInput(input), lang: "en", clientHash, userAgent: "vitest" });

function checked(answer: CheckAnswer): Verification {
  if (!answer.ok) throw new Error(`expected a checked answer, got ${answer.error}`);
  return answer.value;
}

async function scanCount() {
  const db = await getDb();
  const row = await db.selectFrom("scans").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function codeRow(code: string) {
  const db = await getDb();
  return db.selectFrom("codes").selectAll().where("code_hash", "=", codeHash(code)).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  await getDb();
});

describe("checkCode outcomes", () => {
  it("a fresh code is valid once, consumed in the database, and the scan is recorded", async () => {
    const code = generateCode();
    const id = await insertCode(code);
    const v = checked(await check(code.toLowerCase().replace(/(.{4})/, "$1-")));
    expect(v).toMatchObject({ outcome: "valid", isValid: true, input: code, code, productId: "prod-test" });
    expect(isScanId(v.scanId)).toBe(true);
    expect(v.verifiedAt).toBe(v.checkedAt);

    const row = await codeRow(code);
    expect(row.status).toBe("expired");
    expect(row.verified_at).toBe(v.verifiedAt);
    expect(row.expired_at).toBeNull();

    const db = await getDb();
    const scan = await db.selectFrom("scans").selectAll().where("id", "=", v.scanId).executeTakeFirstOrThrow();
    expect(scan).toMatchObject({ outcome: "valid", code_id: id, input: code, lang: "en", user_agent: "vitest", product_id: "prod-test" });
    expect(scan.client_hash).toMatch(/^client-/);
  });

  it("a second check of the same code says used, with the first verification time", async () => {
    const code = generateCode();
    await insertCode(code);
    const first = checked(await check(code));
    const second = checked(await check(` ${code.slice(0, 4)} ${code.slice(4)} `));
    expect(second).toMatchObject({ outcome: "used", isValid: false, code, verifiedAt: first.verifiedAt });
    expect(second.scanId).not.toBe(first.scanId);
    expect(verificationApiData(second)).toEqual({
      is_valid: false,
      reason: null,
      code_details: { code, product: { id: "prod-test", name: null, name_ar: null }, verified_at: first.verifiedAt, lot: null, best_before: null, past_best_before: false, recall: null },
    });
  });

  it("unknown, admin-expired and revoked codes are not valid and change nothing", async () => {
    const unknown = checked(await check("ZZZZ9999"));
    expect(unknown).toMatchObject({ outcome: "unknown", isValid: false, code: null, productId: null, verifiedAt: null });
    expect(verificationApiData(unknown)).toEqual({ is_valid: false, reason: null, code_details: null });

    const expiredCode = generateCode();
    const expiredAt = "2026-01-02T03:04:05.000Z";
    await insertCode(expiredCode, "expired", { expired_at: expiredAt });
    const expired = checked(await check(expiredCode));
    expect(expired).toMatchObject({ outcome: "expired", isValid: false, code: expiredCode, verifiedAt: null });
    expect(verificationApiData(expired).code_details).toBeNull();
    expect(await codeRow(expiredCode)).toMatchObject({ status: "expired", expired_at: expiredAt, verified_at: null });

    const revokedCode = generateCode();
    await insertCode(revokedCode, "revoked");
    expect(checked(await check(revokedCode))).toMatchObject({ outcome: "revoked", isValid: false });
    expect((await codeRow(revokedCode)).status).toBe("revoked");
  });

  it("input that could never be a code is unknown and recorded capped", async () => {
    const long = "A".repeat(200);
    const v = checked(await check(long));
    expect(v.outcome).toBe("unknown");
    expect(v.input).toHaveLength(64);
    expect(checked(await check("ab$%")).outcome).toBe("unknown");
    // Arabic-Indic digits are read as the Latin ones printed on the label.
    const code = "QRST2345";
    await insertCode(code);
    expect(checked(await check("qrst-٢٣٤٥")).outcome).toBe("valid");
  });

  it("empty or whitespace-only input is refused before anything is counted or recorded", async () => {
    const before = await scanCount();
    for (const input of ["", "   ", " - - ", undefined, null, {}, ["ABCD"]]) {
      expect(await check(input, "empty-client")).toEqual({ ok: false, error: "empty" });
    }
    expect(await scanCount()).toBe(before);
  });

  it("numbers in a JSON body are read as typed digits", async () => {
    await insertCode("12345678");
    expect(checked(await check(12345678)).outcome).toBe("valid");
  });
});

describe("one use under concurrency", () => {
  it("of many simultaneous checks of one code exactly one is valid", async () => {
    const code = generateCode();
    await insertCode(code);
    const before = await scanCount();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => check(code, `race-${i}`)));
    const outcomes = answers.map((a) => checked(a).outcome);
    expect(outcomes.filter((o) => o === "valid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "used")).toHaveLength(59);
    expect(await scanCount()).toBe(before + 60);
    const valid = answers.map(checked).find((v) => v.isValid)!;
    expect((await codeRow(code)).verified_at).toBe(valid.verifiedAt);
  });
});

describe("result views", () => {
  it("read back the recorded answer without consuming or recording anything", async () => {
    const code = generateCode();
    await insertCode(code);
    const v = checked(await check(code));
    const before = await scanCount();
    for (let i = 0; i < 3; i++) expect(await getVerification(v.scanId)).toEqual(v);
    expect(await scanCount()).toBe(before);
    const used = checked(await check(code));
    expect(await getVerification(used.scanId)).toMatchObject({ outcome: "used", verifiedAt: v.verifiedAt });
    // The first result still says valid: a reload never changes a result.
    expect((await getVerification(v.scanId))?.outcome).toBe("valid");
  });

  it("survive the code being deleted", async () => {
    const code = generateCode();
    const id = await insertCode(code);
    const v = checked(await check(code));
    const db = await getDb();
    await db.deleteFrom("codes").where("id", "=", id).execute();
    expect(await getVerification(v.scanId)).toMatchObject({ outcome: "valid", productId: "prod-test", input: code });
  });

  it("unknown or malformed ids find nothing", async () => {
    expect(await getVerification("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
    expect(await getVerification("../../etc/passwd")).toBeUndefined();
    expect(await getVerification("")).toBeUndefined();
  });
});

describe("rate limit", () => {
  it("allows VERIFY_RATE_LIMIT checks per client per minute, then records nothing", async () => {
    const limit = env().VERIFY_RATE_LIMIT;
    const code = generateCode();
    await insertCode(code);
    for (let i = 0; i < limit; i++) expect((await check("NOPE0000", "limited-client")).ok).toBe(true);
    const before = await scanCount();
    const refused = await check(code, "limited-client");
    expect(refused).toMatchObject({ ok: false, error: "rate_limited" });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await scanCount()).toBe(before);
    expect((await codeRow(code)).status).toBe("active");
    // Another client is not affected.
    expect(checked(await check(code, "other-client")).outcome).toBe("valid");
  });
});

describe("group commit", () => {
  it("counts one client's checks of one batch against the limit one after the other (one statement on PostgreSQL, decision 198)", async () => {
    const limit = env().VERIFY_RATE_LIMIT;
    const codes = Array.from({ length: limit + 2 }, () => generateCode());
    for (const code of codes) await insertCode(code);
    const before = await scanCount();
    // Read in one turn: one batch. `limit` of them are checked, two refused, recording and consuming nothing.
    const answers = await Promise.all(codes.map((code) => check(code, "batch-client")));
    expect(answers.map((a) => (a.ok ? a.value.outcome : a.error)).sort()).toEqual(["rate_limited", "rate_limited", ...Array.from({ length: limit }, () => "valid")]);
    expect(await scanCount()).toBe(before + limit);
    const refused = codes.filter((_, i) => !answers[i]!.ok);
    for (const code of refused) expect((await codeRow(code)).status).toBe("active");
    // Counted with the limiter's own upsert: a later check of that client is refused too, another client's is not.
    expect(await check(refused[0]!, "batch-client")).toMatchObject({ ok: false, error: "rate_limited" });
    expect(checked(await check(refused[0]!, "batch-other")).outcome).toBe("valid");
  });


  it("checks that arrive in the same turn of the event loop share one transaction, each still valid once", async () => {
    const codes = Array.from({ length: 6 }, () => generateCode());
    for (const code of codes) await insertCode(code);
    // One round per check transaction (the hook's contract): count them and the scans each one saw.
    const rounds: number[] = [];
    onCheck("test-group-commit", () => {
      const at = rounds.push(0) - 1;
      const ids: string[] = [];
      return {
        scan: (scan) => {
          rounds[at]!++;
          ids.push(scan.id);
        },
        counted: () => {},
        limitHit: () => {},
        // The batch's scans are written in one INSERT (decision 198), before the hook's flush reads the log.
        flush: async (trx) => {
          const written = await trx.selectFrom("scans").select("id").where("id", "in", ids).execute();
          flushed.push(written.length);
        },
        committed: () => {},
      };
    });
    const flushed: number[] = [];
    try {
      // Six shoppers' requests read in one turn: the last one checks the first code again.
      const answers = await Promise.all([...codes, codes[0]].map((code) => check(code)));
      expect(answers.map((a) => checked(a).outcome)).toEqual(["valid", "valid", "valid", "valid", "valid", "valid", "used"]);
      expect(rounds).toEqual([7]);
      expect(flushed).toEqual([7]);
      const db = await getDb();
      const stored = await db.selectFrom("scans").select(["id", "outcome"]).where("id", "in", answers.map((a) => checked(a).scanId)).execute();
      expect(stored.map((s) => s.outcome).sort()).toEqual(["used", "valid", "valid", "valid", "valid", "valid", "valid"]);
    } finally {
      onCheck("test-group-commit", () => ({ scan: () => {}, counted: () => {}, limitHit: () => {}, flush: async () => {}, committed: () => {} }));
    }
  });
});
