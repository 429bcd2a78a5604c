import { describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/catalog";
import { i18n } from "../../../tests/unit/i18n";
import { createBatchSchema, revokeBatchSchema } from "./schemas";

describe("createBatchSchema: the label kind", () => {
  it("takes label single or two_part (absent: the caller's default), and holds a two-part run's lot to GS1's AI 10", async () => {
    for (const language of ["en", "ar"] as const) {
      const t = await i18n(language, "batches");
      const schema = createBatchSchema(t);
      const base = { product_id: products[0]!.id, quantity: "5", lot: "LOT 1" };
      const single = schema.safeParse(base);
      expect(single.success && single.data.label).toBeUndefined();
      expect(schema.safeParse({ ...base, label: "single" }).data?.label).toBe("single");

      // A two-part run's lot goes into its GS1 Digital Link (AI 10): no spaces, at most 20 characters.
      const spaced = schema.safeParse({ ...base, label: "two_part" });
      expect(spaced.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["lot", t("errors.lot_not_gs1")]]);
      const long = schema.safeParse({ ...base, lot: "L".repeat(21), label: "two_part" });
      expect(long.error?.issues.map((i) => i.path.join("."))).toEqual(["lot"]);
      const fits = schema.safeParse({ ...base, lot: "L2026-0042", label: "two_part" });
      expect(fits.success && fits.data.label).toBe("two_part");

      const unknown = schema.safeParse({ ...base, lot: "LOT-1", label: "triple" });
      expect(unknown.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["label", t("errors.label_kind")]]);
    }
  });
});

describe("notes of a run and of its revocation (decision 149)", () => {
  it("keep line breaks, lose bidi controls, NUL and invisible characters; nothing visible is no note", async () => {
    const t = await i18n("en", "batches");
    const base = { product_id: products[0]!.id, quantity: "5", lot: "LOT 1" };
    const note = createBatchSchema(t).safeParse({ ...base, note: "Line \u202Eone\u202C\u0000\r\n\u2067two\u2069\u200B" });
    expect(note.success && note.data.note).toBe("Line one\ntwo");
    expect(createBatchSchema(t).safeParse({ ...base, note: "\u200B\u2060\u3164\u00AD" }).data?.note).toBeUndefined();
    const revoke = revokeBatchSchema(t).safeParse({ reason: "other", note: "\u2066\u2069\uFEFF" });
    expect(revoke.success && revoke.data.note).toBeUndefined();
    expect(revokeBatchSchema(t).safeParse({ reason: "other", note: `${"n".repeat(500)}\u200B\u200B` }).success).toBe(true);
    expect(revokeBatchSchema(t).safeParse({ reason: "other", note: "n".repeat(501) }).success).toBe(false);
  });
});
