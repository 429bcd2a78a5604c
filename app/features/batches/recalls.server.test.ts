import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { products } from "~/platform/catalog/catalog";
import { emptyTables } from "../../../tests/unit/db";
import { i18n } from "../../../tests/unit/i18n";
import { createBatch, getBatch, presentBatch, revokeBatch } from "./batches.server";
import { liftRecall, lotRecall, productRecalls, recallBatch, recallsStamp, today } from "./recalls.server";
import { recallSchema } from "./schemas";
import { analyticsOverview, recalledRunsCount } from "~/composers/analytics/analytics.server";
import { countScans, listScans } from "~/features/scans/scan-log.server";
import { scanJson } from "~/features/scans/json";
import { checkCode, verificationApiData } from "~/features/check/verify.server";
import { plain } from "../../../tests/unit/codes";
import { recallParts } from "../../../tests/unit/recall-parts";

const by = { actor: { id: "admin-1", username: "recaller" }, clientHash: "h" };

async function newRun(lot = "RC-0001") {
  const made = await createBatch({ productId: products[0]!.id, quantity: 3, lot, createdBy: "admin-1" });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

/** The audit trail is append-only: entries are told apart by the run's id in their detail. */
async function auditOf(action: string, batchId: string) {
  const db = await getDb();
  const rows = await db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  return rows.filter((row) => String(row.detail).includes(batchId));
}

const notices = { ...recallParts, notice_en: "Stop using it; return it to the shop.", notice_ar: "توقّف عن استخدامه وأعده إلى المتجر." };

beforeEach(() => emptyTables("scans", "codes", "batches"));

describe("recalls", () => {
  it("recalls a run (today by default), updates its recall, lifts it, each step audited", async () => {
    const run = await newRun();
    expect(presentBatch(run).recall).toBeNull();

    const first = await recallBatch(run.id, { ...notices, by: "admin-1", audit: by });
    expect(first.ok && first.value.created).toBe(true);
    if (!first.ok) return;
    expect(presentBatch(first.value.batch).recall).toEqual({ since: today(), ...notices, by: "admin-1" });
    expect(await auditOf("batch.recalled", run.id)).toHaveLength(1);

    const second = await recallBatch(run.id, { ...recallParts, notice_en: "Updated.", notice_ar: "مُحدَّث.", since: "2026-11-01", by: "admin-2", audit: by });
    expect(second.ok && second.value.created).toBe(false);
    expect(presentBatch((await getBatch(run.id))!).recall).toEqual({ since: "2026-11-01", ...recallParts, notice_en: "Updated.", notice_ar: "مُحدَّث.", by: "admin-1" });
    expect((await getBatch(run.id))!.recall_updated_by).toBe("admin-2");
    expect(await auditOf("batch.recall_updated", run.id)).toHaveLength(1);

    const lifted = await liftRecall(run.id, { by: "admin-2", audit: by });
    expect(lifted.ok && presentBatch(lifted.value).recall).toBeNull();
    expect((await getBatch(run.id))!.recall_lifted_by).toBe("admin-2");
    expect(await auditOf("batch.recall_lifted", run.id)).toHaveLength(1);
    expect(await liftRecall(run.id, { by: "admin-2" })).toEqual({ ok: false, error: "no_recall" });

    // Recalled again after the lift: a new recall (created), the lift forgotten.
    const again = await recallBatch(run.id, { ...notices, by: "admin-3", audit: by });
    expect(again.ok && again.value.created).toBe(true);
    expect(presentBatch((await getBatch(run.id))!).recall?.by).toBe("admin-3");
    expect(await auditOf("batch.recalled", run.id)).toHaveLength(2);
  });

  it("the recalls' stamp (which drops cached product pages) moves when a recall is made, updated, lifted or made again", async () => {
    const run = await newRun();
    const stamps = [await recallsStamp()];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await recallBatch(run.id, { ...notices, by: "admin-1" });
    stamps.push(await recallsStamp());
    await pause();
    await recallBatch(run.id, { ...recallParts, notice_en: "Updated.", notice_ar: "مُحدَّث.", by: "admin-1" });
    stamps.push(await recallsStamp());
    await pause();
    await liftRecall(run.id, { by: "admin-1" });
    stamps.push(await recallsStamp());
    await pause();
    await recallBatch(run.id, { ...notices, by: "admin-1" });
    stamps.push(await recallsStamp());
    expect(new Set(stamps).size).toBe(stamps.length);
    // Nothing changed: the same stamp.
    expect(await recallsStamp()).toBe(stamps.at(-1));
  });

  it("a revoked run cannot be recalled; a recalled run cannot be revoked until its recall is lifted", async () => {
    const revoked = await newRun("RC-REV");
    expect((await revokeBatch(revoked.id, { reason: "stolen", revokedBy: "admin-1" })).ok).toBe(true);
    expect(await recallBatch(revoked.id, { ...notices, by: "admin-1" })).toEqual({ ok: false, error: "recall_revoked" });
    expect((await getBatch(revoked.id))!.recall_since).toBeNull();

    const recalled = await newRun("RC-REC");
    await recallBatch(recalled.id, { ...notices, by: "admin-1" });
    expect(await revokeBatch(recalled.id, { reason: "misprint", revokedBy: "admin-1" })).toEqual({ ok: false, error: "run_recalled" });
    expect((await getBatch(recalled.id))!.status).toBe("active");
    await liftRecall(recalled.id, { by: "admin-1" });
    expect((await revokeBatch(recalled.id, { reason: "misprint", revokedBy: "admin-1" })).ok).toBe(true);
  });

  it("a product's public page lists its runs' open recalls, and a lot's recall status reads it: the notice, hazard and remedy in both languages", async () => {
    const run = await newRun("RC-PUB");
    await newRun("RC-OTHER");
    expect(await productRecalls(products[0]!.id)).toEqual([]);
    expect(await lotRecall(products[0]!.id, "RC-PUB")).toBeNull();
    await recallBatch(run.id, { ...notices, since: "2026-11-03", by: "admin-1" });
    const open = {
      lot: "RC-PUB",
      since: "2026-11-03",
      en: notices.notice_en,
      ar: notices.notice_ar,
      hazard: { en: recallParts.hazard_en, ar: recallParts.hazard_ar },
      remedy: { en: recallParts.remedy_en, ar: recallParts.remedy_ar },
    };
    expect(await productRecalls(products[0]!.id)).toEqual([open]);
    expect(await lotRecall(products[0]!.id, "RC-PUB")).toEqual(open);
    // Another lot of the product, the same lot of another product: not recalled.
    expect(await lotRecall(products[0]!.id, "RC-OTHER")).toBeNull();
    expect(await lotRecall(products[1]!.id, "RC-PUB")).toBeNull();
    expect(await productRecalls(products[1]!.id)).toEqual([]);
    expect(await recalledRunsCount()).toBe(1);
    await liftRecall(run.id, { by: "admin-1" });
    expect(await recalledRunsCount()).toBe(0);
    expect(await productRecalls(products[0]!.id)).toEqual([]);
    expect(await lotRecall(products[0]!.id, "RC-PUB")).toBeNull();
  });

  it("a product's page lists the latest recall first, also when two are recalled since the same day", async () => {
    const first = await newRun("RC-A");
    const second = await newRun("RC-B");
    await recallBatch(first.id, { ...notices, since: "2026-11-03", by: "admin-1" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recallBatch(second.id, { ...notices, since: "2026-11-03", by: "admin-1" });
    expect((await productRecalls(products[0]!.id)).map((recall) => recall.lot)).toEqual(["RC-B", "RC-A"]);
    // An earlier "since" goes after, however late it was recalled.
    const third = await newRun("RC-C");
    await recallBatch(third.id, { ...notices, since: "2026-11-01", by: "admin-1" });
    expect((await productRecalls(products[0]!.id)).map((recall) => recall.lot)).toEqual(["RC-B", "RC-A", "RC-C"]);
  });

  it("unknown runs are not found", async () => {
    expect(await recallBatch("nope", { ...notices, by: "admin-1" })).toEqual({ ok: false, error: "not_found" });
    expect(await liftRecall(undefined, { by: "admin-1" })).toEqual({ ok: false, error: "not_found" });
  });
});

/** The run's codes in plain text, by serial. */
async function codesOf(batchId: string) {
  const db = await getDb();
  const stored = await db.selectFrom("codes").select(["code_hash", "code_enc", "status", "verified_at"]).where("batch_id", "=", batchId).orderBy("serial").execute();
  return stored.map((code) => ({ status: code.status, verified_at: code.verified_at, text: plain(code) }));
}

let client = 0;
const check = (code: string, lang: "en" | "ar" = "en") => checkCode({ code, lang, clientHash: `recall-test-${++client}`, userAgent: "vitest" });

describe("a check of a recalled run's code", () => {
  it("consumes it like any genuine check and answers genuine, recalled, with the notice in the check's language", async () => {
    const run = await newRun("RC-CHK");
    await recallBatch(run.id, { ...notices, since: "2026-11-20", by: "admin-1" });
    const [first, second] = await codesOf(run.id);

    const answer = await check(first!.text, "ar");
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value).toMatchObject({ outcome: "recalled", isValid: true });
    expect(verificationApiData(answer.value)).toMatchObject({
      is_valid: true,
      code_details: { lot: "RC-CHK", recall: { since: "2026-11-20", notice: notices.notice_ar, hazard: recallParts.hazard_ar, remedy: recallParts.remedy_ar } },
    });
    const stored = (await codesOf(run.id))[0]!;
    expect(stored.status).toBe("expired");
    expect(stored.verified_at).not.toBeNull();

    // Checked again: already used, the recall still told.
    const again = await check(first!.text);
    expect(again.ok && again.value.outcome).toBe("used");
    expect(again.ok && verificationApiData(again.value).code_details?.recall).toEqual({ since: "2026-11-20", notice: notices.notice_en, hazard: recallParts.hazard_en, remedy: recallParts.remedy_en });

    // The scan log, its filter and count, and the analytics know the outcome `recalled`; genuine, not counterfeit.
    const recalled = await listScans({ outcome: "recalled", batch: run.id }, 1);
    expect(recalled.items.map(scanJson).map((s) => s.outcome)).toEqual(["recalled"]);
    expect(await countScans({ outcome: "recalled", batch: run.id })).toBe(1);
    expect(await countScans({ outcome: "valid", batch: run.id })).toBe(0);
    expect((await listScans({ outcome: "valid", batch: run.id }, 1)).items).toHaveLength(0);
    const overview = await analyticsOverview(1);
    expect(overview.totals.recalled).toBeGreaterThanOrEqual(1);
    expect(overview.top_batches.find((b) => b.batch_id === run.id)?.counterfeit).toBe(1);

    // Lifted: the next pack is plain genuine again.
    await liftRecall(run.id, { by: "admin-1" });
    const after = await check(second!.text);
    expect(after.ok && after.value.outcome).toBe("valid");
    expect(after.ok && verificationApiData(after.value).code_details?.recall).toBeNull();
  });
});

describe("recallSchema", () => {
  it("requires both notices, the hazard and the remedy in both languages, sanitized and bounded; since is a real day, not after today", async () => {
    const schema = recallSchema(await i18n("en", "batches"));
    expect(schema.parse({ ...recallParts, hazard_en: " Rash\u200b.\r\nItch. ", notice_en: " Stop\u200b using.\r\nReturn it. ", notice_ar: "\u202eتوقّف" })).toEqual({
      ...recallParts,
      hazard_en: "Rash.\nItch.",
      notice_en: "Stop using.\nReturn it.",
      notice_ar: "توقّف",
      since: undefined,
    });
    const errors = (input: unknown) => schema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(errors({ notice_en: "\u200b", since: "2026-02-30" })).toEqual([
      "notice_en: Write the notice in English: what is wrong and what to do.",
      "notice_ar: Write the notice in Arabic: what is wrong and what to do.",
      "hazard_en: Write the hazard in English: what can happen to someone who uses it.",
      "hazard_ar: Write the hazard in Arabic: what can happen to someone who uses it.",
      "remedy_en: Write the remedy in English: what you offer and where to return it.",
      "remedy_ar: Write the remedy in Arabic: what you offer and where to return it.",
      "since: Enter a real date (YYYY-MM-DD) between 2000 and 2099.",
    ]);
    expect(errors({ ...notices, notice_en: "x".repeat(1001), since: "2099-01-01" })).toEqual(["notice_en: A notice has at most 1,000 characters.", "since: A recall cannot start after today."]);
    expect(errors({ ...notices, remedy_ar: "x".repeat(501) })).toEqual(["remedy_ar: A hazard or a remedy has at most 500 characters."]);
    expect(errors({ notice_en: 5, notice_ar: "ok" })?.[0]).toMatch(/^notice_en/);
  });
});
