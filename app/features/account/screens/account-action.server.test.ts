import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { MATRIX } from "~/platform/access/permissions";
import { member } from "../../../../tests/unit/checks";
import { routeArgs } from "../../../../tests/unit/request-context";
import { accountAction } from "./account-action.server";

type ActionAnswer = { data: { intent: string; result?: { error?: Record<string, string[]> } }; init: { status?: number } | null };

describe("the account page's notices form (without JavaScript)", () => {
  const post = async (admin: ReturnType<typeof member>, fields: Record<string, string>, lng = "en") => {
    const request = new Request(`http://localhost:3000/admin/dashboard/account?lng=${lng}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "notices", ...fields }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": "10.9.0.1" },
    });
    const { context } = await routeArgs(request);
    return accountAction(request, context, admin);
  };
  const row = async (id: string) => (await getDb()).selectFrom("admins").select(["notify", "notify_lang"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("validates the choice, asks for an address first, saves the page's language and audits the change", async () => {
    const bare = await createOrResetAdmin("form-bare", "notices-password-lantern", { role: "viewer" });
    const who = member(bare.id, "form-bare", "viewer");
    const odd = (await post(who, { notify: "weekly" })) as unknown as ActionAnswer;
    expect(odd.init?.status).toBe(400);
    expect(odd.data.result?.error?.notify).toEqual(["Choose one of the options."]);
    const noAddress = (await post(who, { notify: "immediate" })) as unknown as ActionAnswer;
    expect(noAddress.init?.status).toBe(400);
    expect(noAddress.data.result?.error?.notify).toEqual(["Add your e-mail address first: notices are sent there."]);
    expect(await row(bare.id)).toEqual({ notify: "off", notify_lang: "en" });

    const db = await getDb();
    await db.updateTable("admins").set({ email: "form-bare@example.com" }).where("id", "=", bare.id).execute();
    const saved = (await post(who, { notify: "daily" }, "ar")) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/dashboard/account#notices");
    expect(await row(bare.id)).toEqual({ notify: "daily", notify_lang: "ar" });
    const audit = await db.selectFrom("audit_log").select(["action", "detail", "actor_id"]).where("action", "=", "account.notices_changed").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(bare.id);
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ notify: "daily", lang: "ar" });

    // Saving the same choice again changes nothing and records nothing.
    expect(((await post(who, { notify: "daily" }, "ar")) as Response).status).toBe(302);
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "account.notices_changed").execute()).toHaveLength(1);

    // A role that reads neither alerts nor reports (a stricter matrix) is refused, and the refusal audited.
    const matrix = MATRIX as unknown as Record<string, readonly string[]>;
    const before = [matrix["alerts:read"]!, matrix["reports:read"]!] as const;
    matrix["alerts:read"] = matrix["reports:read"] = ["owner", "editor"];
    try {
      const refused = (await post(who, { notify: "immediate" })) as unknown as ActionAnswer;
      expect(refused.init?.status).toBe(403);
    } finally {
      [matrix["alerts:read"], matrix["reports:read"]] = before;
    }
    expect(await row(bare.id)).toEqual({ notify: "daily", notify_lang: "ar" });
    const outcomes = await db.selectFrom("audit_log").select("outcome").where("action", "=", "account.notices_changed").execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["refused", "success"]);
  });
});
