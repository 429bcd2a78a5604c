import { describe, expect, it } from "vitest";
import type { AdminIdentity } from "~/platform/access/identity";
import { products } from "~/platform/catalog/catalog";
import { createRegistration, confirmRegistration } from "~/features/registrations/registrations.server";
import { checkCode } from "~/features/check/verify.server";
import { plain } from "../../../../tests/unit/codes";
import { requestContext } from "../../../../tests/unit/request-context";
import { getDb } from "@db/db.server";
import { createBatch } from "../batches.server";
import { recallBatch } from "../recalls.server";
import { loadBatchScreen } from "./batch-loader.server";
import { recallParts } from "../../../../tests/unit/recall-parts";

process.env.REGISTRATION_RATE_LIMIT = "1000";

const member = (role: AdminIdentity["role"]): AdminIdentity => ({ id: `${role}-1`, username: role, role, sessionId: "s", mfaEnabled: false, mustChangePassword: false, mfaRequired: false });

describe("a run's page: its registered buyers (decision 162)", () => {
  it("staff see the confirmed count and, while recalled, how many were sent the notice and that mail is not configured; only owners may export; a viewer sees nothing", async () => {
    const made = await createBatch({ productId: products[0]!.id, quantity: 2, lot: "RG-PAGE", createdBy: "admin-1" });
    if (!made.ok) throw new Error(made.error);
    const run = made.value;
    const db = await getDb();
    const codes = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", run.id).orderBy("serial").execute();
    for (const [i, code] of codes.entries()) {
      const answer = await checkCode({ code: plain(code), lang: "en", clientHash: `page-${i}`, userAgent: "vitest" });
      if (!answer.ok) throw new Error(answer.error);
      const registered = await createRegistration({ input: { scan_id: answer.value.scanId, email: `b${i}@example.com`, lang: "en", consent: true }, clientHash: "c" });
      if (i === 0 && registered.ok) await confirmRegistration(registered.value.confirmToken);
    }
    const load = async (role: AdminIdentity["role"]) =>
      loadBatchScreen(new Request(`http://localhost:3000/admin/dashboard/batches/${run.id}`), await requestContext(new Request("http://localhost:3000/")), run.id, member(role));

    expect((await load("editor")).registrants).toEqual({ confirmed: 1, notified: 0, recalled: false, mailConfigured: false });
    expect((await load("editor")).can.registrations).toBe(false);
    expect((await load("owner")).can.registrations).toBe(true);
    expect((await load("viewer")).registrants).toBeNull();

    // Recalled while its one registrant is still pending (no mail); then confirmed and told, as the recall's own transaction marks it (mails.server.test.ts).
    await db.updateTable("registrations").set({ state: "pending" }).where("batch_id", "=", run.id).execute();
    const recalled = await recallBatch(run.id, { ...recallParts, notice_en: "Stop.", notice_ar: "توقّفي.", by: "admin-1" });
    expect(recalled.ok && recalled.value.notified).toBe(0);
    expect((await load("owner")).registrants).toEqual({ confirmed: 0, notified: 0, recalled: true, mailConfigured: false });
    const recallAt = recalled.ok ? recalled.value.batch.recall_at : null;
    await db.updateTable("registrations").set({ state: "confirmed", notified_recall_at: recallAt }).where("email", "=", "b0@example.com").execute();
    expect((await load("owner")).registrants).toEqual({ confirmed: 1, notified: 1, recalled: true, mailConfigured: false });
  });
});
