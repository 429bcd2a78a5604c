import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { adminContext } from "~/features/sessions/guard.server";
import { products } from "~/platform/catalog/catalog";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import { readToast } from "~/platform/http/toast.server";
import { createCode, getCode } from "~/features/code-admin/codes.server";
import { plain } from "../../../tests/unit/codes";
import { action, loader } from "./codes";

const URL_BASE = "http://localhost:3000/admin/dashboard/codes";

/** Calls the page's loader or action behind the i18n middleware, signed in (the layout's guard sets this). */
async function run(kind: "loader" | "action", search = "", form?: Record<string, string>, lng = "en") {
  const request = new Request(`${URL_BASE}${search}${search.includes("?") ? "&" : "?"}lng=${lng}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
  });
  const context = new RouterContextProvider();
  context.set(adminContext, { id: "a1", username: "admin-test", role: "owner", sessionId: "s1", mfaEnabled: false, mustChangePassword: false, mfaRequired: false });
  let result: unknown;
  await i18nextMiddleware({ request, context, params: {} } as never, async () => {
    try {
      result = await (kind === "loader" ? loader : action)({ request, context, params: {} } as never);
    } catch (thrown) {
      result = thrown;
    }
    return new Response(null);
  });
  return result;
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return readToast(new Request("http://x", { headers: { Cookie: cookie.split(";")[0]! } }));
}

const pid = () => products[0]!.id;

beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("codes").execute();
});

describe("codes page action", () => {
  it("creates a code and redirects to the Active tab with a success toast", async () => {
    const res = (await run("action", "?status=expired&page=2", { intent: "create", code: "page-1234", product_id: pid() })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/codes");
    expect(await toastOf(res)).toMatchObject({ type: "success", description: "Verification code created successfully" });
    const db = await getDb();
    const rows = await db.selectFrom("codes").select(["code_hash", "code_enc", "status"]).execute();
    expect(rows.map((r) => ({ code: plain(r), status: r.status }))).toEqual([{ code: "PAGE1234", status: "active" }]);
  });

  it("keeps the input and explains each refusal, in the page's language", async () => {
    await createCode({ code: "DUPE1234", productId: pid() });
    const dupe = (await run("action", "", { intent: "create", code: "dupe-1234", product_id: pid() })) as { data: any; init: { status: number } };
    expect(dupe.init.status).toBe(400);
    expect(dupe.data.values).toEqual({ code: "dupe-1234", product_id: pid() });
    expect(dupe.data.errors.code).toMatch(/already exists/);
    const empty = (await run("action", "", { intent: "create", code: " ", product_id: "" }, "ar")) as { data: any };
    expect(empty.data.errors).toEqual({ code: "يُرجى إدخال رمز أو الضغط على «توليد».", product_id: "يُرجى اختيار منتج." });
    const unknown = (await run("action", "", { intent: "create", code: "GOOD1234", product_id: "nope" })) as { data: any };
    expect(unknown.data.errors.product_id).toMatch(/does not exist/);
    const format = (await run("action", "", { intent: "create", code: "AB", product_id: pid() })) as { data: any };
    expect(format.data.errors.code).toMatch(/8 to 32/);
  });

  it("generate (without JavaScript) answers a fresh code and keeps the chosen product", async () => {
    const res = (await run("action", "", { intent: "generate", product_id: pid() })) as { values: { code: string; product_id: string } };
    expect(res.values.product_id).toBe(pid());
    expect(res.values.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const db = await getDb();
    expect(await db.selectFrom("codes").selectAll().execute()).toEqual([]);
  });

  it("expire and delete: bad ids and wrong states are toasts, never errors; the tab and page are kept", async () => {
    const created = await createCode({ code: "LIFE1234", productId: pid() });
    if (!created.ok) throw new Error("setup");
    const id = created.value.id;
    const early = (await run("action", "?status=active&page=1", { intent: "delete", id })) as Response;
    expect(await toastOf(early)).toMatchObject({ type: "error" });
    expect(await getCode(id)).toBeDefined();

    const expired = (await run("action", "?status=active", { intent: "expire", id })) as Response;
    expect(expired.status).toBe(302);
    expect(await toastOf(expired)).toMatchObject({ type: "success", description: "Code expired successfully" });
    const twice = (await run("action", "", { intent: "expire", id })) as Response;
    expect((await toastOf(twice))?.description).toMatch(/Failed to expire code/);

    const bogus = (await run("action", "?status=expired&page=3", { intent: "delete", id: "x'; drop table codes;--" })) as Response;
    expect(bogus.status).toBe(302);
    expect(bogus.headers.get("Location")).toBe("/admin/dashboard/codes?status=expired&page=3");
    expect((await toastOf(bogus))?.description).toMatch(/Failed to delete code/);

    const deleted = (await run("action", "?status=expired", { intent: "delete", id })) as Response;
    expect(await toastOf(deleted)).toMatchObject({ type: "success", description: "Code deleted successfully" });
    expect(await getCode(id)).toBeUndefined();

    const unknownIntent = (await run("action", "", { intent: "drop" })) as Response;
    expect(unknownIntent.status).toBe(302);
  });
});

describe("codes page loader", () => {
  it("falls back on junk parameters and sends a page past the end to the last page", async () => {
    for (let i = 0; i < 12; i++) await createCode({ code: `LOAD${String(i).padStart(4, "0")}`, productId: pid() });
    const junk = (await run("loader", "?status=weird&page=-1")) as { data: any };
    expect(junk.data).toMatchObject({ tab: "active", page: 1, counts: { active: 12, expired: 0 }, pagination: { total_pages: 2, total_count: 12 } });
    expect(junk.data.codes).toHaveLength(10);
    const past = (await run("loader", "?page=9")) as Response;
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/admin/dashboard/codes?page=2");
  });

  it("a signed-out request never reaches the data", async () => {
    const request = new Request(URL_BASE);
    const context = new RouterContextProvider();
    const thrown = await Promise.resolve(loader({ request, context, params: {} } as never)).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin");
  });
});
