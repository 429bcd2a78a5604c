import { beforeEach, describe, expect, it } from "vitest";
import { adminContext } from "~/features/sessions/guard.server";
import { products } from "~/platform/catalog/catalog";
import { action } from "~/routes/admin/batch";
import { emptyTables } from "../../../../tests/unit/db";
import { requestContext } from "../../../../tests/unit/request-context";
import { createBatch, getBatch } from "../batches.server";
import { recallParts } from "../../../../tests/unit/recall-parts";

beforeEach(() => emptyTables("scans", "codes", "batches"));

/** The run page's action as the admin layout leaves it: an editor in the context, a form posted (no JavaScript). */
async function post(id: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost/admin/dashboard/batches/${id}`, { method: "POST", body: new URLSearchParams(fields) });
  const context = await requestContext(request);
  context.set(adminContext, { id: "editor-1", username: "editor", role: "editor", sessionId: "s", mfaEnabled: false, mustChangePassword: false, mfaRequired: false });
  try {
    return (await action({ request, context, params: { id } } as never)) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

const statusOf = (answer: unknown) => (answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200));
const dataOf = (answer: unknown) => (answer as { data: Record<string, unknown> }).data;

describe("the run page's recall actions (no JavaScript)", () => {
  it("recalls with the form, answers the form again on bad input, asks before lifting, then lifts", async () => {
    const made = await createBatch({ productId: products[0]!.id, quantity: 2, lot: "PAGE-RC", createdBy: "editor-1" });
    if (!made.ok) throw new Error(made.error);
    const id = made.value.id;

    const invalid = await post(id, { intent: "recall", notice_en: "Stop using it.", notice_ar: "" });
    expect(statusOf(invalid)).toBe(400);
    expect(dataOf(invalid)).toMatchObject({ intent: "recall", step: "invalid" });
    expect((await getBatch(id))!.recall_since).toBeNull();

    // A new recall mails every registered buyer: it is asked once more, with the values to send again.
    const values = { ...recallParts, notice_en: "Stop using it.", notice_ar: "توقّفي عن استخدامه.", since: "2026-11-01" };
    const confirming = await post(id, { intent: "recall", ...values });
    expect(statusOf(confirming)).toBe(200);
    expect(dataOf(confirming)).toMatchObject({ intent: "recall", step: "confirm", values });
    expect((await getBatch(id))!.recall_since).toBeNull();
    const recalled = await post(id, { intent: "recall", ...values, confirm: "yes" });
    expect(statusOf(recalled)).toBe(302);
    expect((await getBatch(id))!).toMatchObject({ recall_since: "2026-11-01", recall_notice_ar: "توقّفي عن استخدامه.", recall_hazard_ar: recallParts.hazard_ar, recall_remedy_en: recallParts.remedy_en, recall_by: "editor-1" });
    // An update of the open recall mails no one again: no second question.
    expect(statusOf(await post(id, { intent: "recall", ...values, notice_en: "Stop using it now." }))).toBe(302);
    expect((await getBatch(id))!.recall_notice_en).toBe("Stop using it now.");

    const asked = await post(id, { intent: "lift_recall" });
    expect(dataOf(asked)).toEqual({ intent: "lift_recall", step: "confirm" });
    expect((await getBatch(id))!.recall_lifted_at).toBeNull();

    expect(statusOf(await post(id, { intent: "lift_recall", confirm: "yes" }))).toBe(302);
    expect((await getBatch(id))!.recall_lifted_by).toBe("editor-1");
  });
});
