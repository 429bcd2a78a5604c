import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { products } from "~/platform/catalog/catalog";
import { plain } from "../../../tests/unit/codes";
import { emptyTables } from "../../../tests/unit/db";
import { createContact } from "~/features/contact/contacts.server";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import * as create from "./codes-create";
import * as del from "./codes-delete";
import * as expire from "./codes-expire";
import * as list from "./codes-list";
import * as contactList from "./contact-list";
import * as overview from "./dashboard-overview";

type Handler = (args: never) => unknown;
const base = "http://localhost:3000/api/v1";
let token = "";

beforeAll(async () => {
  const admin = await createOrResetAdmin("api-admin", "api-password-long-enough");
  token = (await startSession({ id: admin.id, username: admin.username })).accessToken;
});

beforeEach(() => emptyTables("scans", "codes", "contacts"));

/** Runs a route handler behind the i18n middleware, as the server does; thrown Responses are answers. */
async function call(handler: Handler, path: string, init: RequestInit & { auth?: string | null } = {}, params: Record<string, string> = {}) {
  const headers = new Headers(init.headers);
  const auth = init.auth === undefined ? token : init.auth;
  if (auth) headers.set("Authorization", `Bearer ${auth}`);
  const request = new Request(`${base}${path}`, { ...init, headers });
  const context = new RouterContextProvider();
  let answer: Response | undefined;
  await i18nextMiddleware({ request, context, params } as never, async () => {
    try {
      answer = (await handler({ request, context, params } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) answer = thrown;
      else throw thrown;
    }
    return answer;
  });
  const body = await answer!.json();
  return { status: answer!.status, body, headers: answer!.headers };
}

const json = (body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

const pid = () => products[0]!.id;

async function makeCode(code: string) {
  const res = await call(create.action, "/codes/create/", json({ code, product_id: pid() }));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string };
}

describe("every admin endpoint requires a bearer token", () => {
  const cases: [string, Handler, string, RequestInit, Record<string, string>][] = [
    ["list", list.loader, "/codes/list/", {}, {}],
    ["create", create.action, "/codes/create/", json({ code: "ABCD1234", product_id: "x" }), {}],
    ["expire", expire.action, "/codes/expire/x/", { method: "PATCH" }, { codeId: "x" }],
    ["delete", del.action, "/codes/delete/x/", { method: "DELETE" }, { codeId: "x" }],
    ["contacts", contactList.loader, "/general/contact/list/", {}, {}],
    ["overview", overview.loader, "/general/dashboard/overview/", {}, {}],
  ];
  for (const [name, handler, path, init, params] of cases) {
    it(`${name}: anonymous and bad tokens get a 401 envelope`, async () => {
      const anonymous = await call(handler, path, { ...init, auth: null }, params);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ status_code: 6001, data: null, error: "unauthenticated" });
      expect(anonymous.headers.get("WWW-Authenticate")).toContain("Bearer");
      const forged = await call(handler, path, { ...init, auth: "not.a.jwt" }, params);
      expect(forged.status).toBe(401);
      expect(forged.body.status_code).toBe(6001);
    });
  }
  it("nothing changed for the anonymous calls", async () => {
    const db = await getDb();
    expect(await db.selectFrom("codes").selectAll().execute()).toEqual([]);
  });
});

describe("POST /api/v1/codes/create/", () => {
  it("creates a normalised active code and answers 201 with the product", async () => {
    const res = await call(create.action, "/codes/create/", json({ code: "abcd-2385", product_id: pid() }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status_code: 6000, message: "Verification code created successfully", error: null });
    expect(res.body.data).toMatchObject({
      code: "ABCD2385",
      masked: false,
      product_id: pid(),
      status: "active",
      expired_at: null,
      verified_at: null,
      product: { id: pid(), name: products[0]!.name, name_ar: products[0]!.nameAr, image: products[0]!.images[0] },
    });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const db = await getDb();
    expect((await db.selectFrom("codes").select(["code_hash", "code_enc"]).execute()).map(plain)).toEqual(["ABCD2385"]);
  });

  it("refuses a duplicate (409), a bad format and an unknown product (400), a missing field (400)", async () => {
    await makeCode("DUPE2345");
    const dupe = await call(create.action, "/codes/create/", json({ code: "dupe 2345", product_id: pid() }));
    expect(dupe.status).toBe(409);
    expect(dupe.body).toMatchObject({ status_code: 6001, error: "duplicate", data: null });

    const bad = await call(create.action, "/codes/create/", json({ code: "A!", product_id: pid() }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status_code: 6001, error: "invalid_format" });

    const unknown = await call(create.action, "/codes/create/", json({ code: "GOOD2345", product_id: "nope" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status_code: 6001, error: "unknown_product" });

    const missing = await call(create.action, "/codes/create/", json({ code: "GOOD2345" }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.product_id).toBeDefined();

    const garbage = await call(create.action, "/codes/create/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(garbage.status).toBe(400);

    const db = await getDb();
    expect((await db.selectFrom("codes").selectAll().execute()).length).toBe(1);
  });

  it("answers messages in Arabic when asked", async () => {
    await makeCode("LANG2345");
    const res = await call(create.action, "/codes/create/?lng=ar", json({ code: "LANG2345", product_id: pid() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("هذا الرمز موجود مسبقًا");
  });

  it("other methods get a 405 envelope", async () => {
    const get = await call(create.loader, "/codes/create/");
    expect(get.status).toBe(405);
    expect(get.body.status_code).toBe(6001);
    const put = await call(create.action, "/codes/create/", json({}, "PUT"));
    expect(put.status).toBe(405);
  });
});

describe("PUT|PATCH /api/v1/codes/expire/{id}/ and DELETE /api/v1/codes/delete/{id}/", () => {
  it("expires with PUT or PATCH, refuses twice (409) and unknown ids (404)", async () => {
    const a = await makeCode("EXPA2345");
    const b = await makeCode("EXPB2345");
    const put = await call(expire.action, `/codes/expire/${a.id}/`, { method: "PUT" }, { codeId: a.id });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ status_code: 6000, message: "Code expired successfully", data: { id: a.id, status: "expired" } });
    expect(put.body.data.expired_at).toMatch(/Z$/);
    const patch = await call(expire.action, `/codes/expire/${b.id}/`, { method: "PATCH" }, { codeId: b.id });
    expect(patch.status).toBe(200);
    const again = await call(expire.action, `/codes/expire/${a.id}/`, { method: "PATCH" }, { codeId: a.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status_code: 6001, error: "not_active" });
    const unknown = await call(expire.action, "/codes/expire/nope/", { method: "PATCH" }, { codeId: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: 6001, error: "not_found" });
    expect((await call(expire.action, `/codes/expire/${a.id}/`, { method: "POST" }, { codeId: a.id })).status).toBe(405);
    expect((await call(expire.loader, `/codes/expire/${a.id}/`, {}, { codeId: a.id })).status).toBe(405);
  });

  it("deletes only codes that are no longer active", async () => {
    const a = await makeCode("DELA2345");
    const active = await call(del.action, `/codes/delete/${a.id}/`, { method: "DELETE" }, { codeId: a.id });
    expect(active.status).toBe(409);
    expect(active.body).toMatchObject({ status_code: 6001, error: "still_active" });
    await call(expire.action, `/codes/expire/${a.id}/`, { method: "PATCH" }, { codeId: a.id });
    const ok = await call(del.action, `/codes/delete/${a.id}/`, { method: "DELETE" }, { codeId: a.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status_code: 6000, message: "Code deleted successfully", data: { id: a.id } });
    const gone = await call(del.action, `/codes/delete/${a.id}/`, { method: "DELETE" }, { codeId: a.id });
    expect(gone.status).toBe(404);
    expect((await call(del.action, `/codes/delete/${a.id}/`, { method: "POST" }, { codeId: a.id })).status).toBe(405);
    const db = await getDb();
    expect(await db.selectFrom("codes").selectAll().execute()).toEqual([]);
  });
});

describe("GET /api/v1/codes/list/", () => {
  it("lists a tab 10 a page with counts in data and pagination beside it", async () => {
    for (let i = 0; i < 12; i++) await makeCode(`LIST${String(i).padStart(4, "0")}`);
    const last = await makeCode("LASTEXPD");
    await call(expire.action, `/codes/expire/${last.id}/`, { method: "PATCH" }, { codeId: last.id });

    const page1 = await call(list.loader, "/codes/list/?status=active&page=1");
    expect(page1.status).toBe(200);
    expect(page1.body.status_code).toBe(6000);
    expect(page1.body.data.codes).toHaveLength(10);
    expect(page1.body.data.counts).toEqual({ active: 12, expired: 1 });
    // One shape for every list (decision 068): pagination beside data, not inside it, with the page.
    expect(page1.body.pagination).toEqual({ page: 1, total_pages: 2, total_count: 12 });
    expect(page1.body.data.pagination).toBeUndefined();
    expect(Object.keys(page1.body.data.codes[0]).sort()).toEqual(
      ["batch_id", "code", "created_at", "expired_at", "id", "masked", "product", "product_id", "serial", "status", "verified_at"].sort(),
    );
    const page2 = await call(list.loader, "/codes/list/?status=active&page=2");
    expect(page2.body.data.codes.map((c: { code: string }) => c.code)).toEqual(["LIST0001", "LIST0000"]);

    const expired = await call(list.loader, "/codes/list/?status=expired");
    expect(expired.body.data.codes.map((c: { code: string }) => c.code)).toEqual(["LASTEXPD"]);
    expect(expired.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 1 });

    const defaults = await call(list.loader, "/codes/list/");
    expect(defaults.body.data.codes).toHaveLength(10);
    expect(defaults.body.data.codes.every((c: { status: string }) => c.status === "active")).toBe(true);
  });

  it("rejects a bad status or page with 400; other methods get 405", async () => {
    expect((await call(list.loader, "/codes/list/?status=deleted")).status).toBe(400);
    expect((await call(list.loader, "/codes/list/?page=0")).status).toBe(400);
    expect((await call(list.loader, "/codes/list/?page=abc")).status).toBe(400);
    expect((await call(list.action, "/codes/list/", { method: "POST" })).status).toBe(405);
  });
});

describe("GET /api/v1/general/contact/list/ and /general/dashboard/overview/", () => {
  it("pages contacts newest first and counts everything on the overview", async () => {
    for (let i = 0; i < 11; i++) {
      await createContact({ name: `Visitor ${i}`, phone_number: `+9665000000${String(i).padStart(2, "0")}`, message: `Message ${i}` });
      await new Promise((r) => setTimeout(r, 2));
    }
    const page1 = await call(contactList.loader, "/general/contact/list/?page=1");
    expect(page1.status).toBe(200);
    expect(page1.body.status_code).toBe(6000);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.data[0]).toMatchObject({ name: "Visitor 10", phone_number: "+966500000010", message: "Message 10" });
    expect(Object.keys(page1.body.data[0]).sort()).toEqual(["created_at", "id", "message", "name", "phone_number"]);
    expect(page1.body.pagination).toEqual({ page: 1, total_pages: 2, total_count: 11 });
    const page2 = await call(contactList.loader, "/general/contact/list/?page=2");
    expect(page2.body.data.map((c: { name: string }) => c.name)).toEqual(["Visitor 0"]);
    expect((await call(contactList.loader, "/general/contact/list/?page=x")).status).toBe(400);
    expect((await call(contactList.action, "/general/contact/list/", { method: "POST" })).status).toBe(405);

    const a = await makeCode("OVER2345");
    await makeCode("OVER3456");
    await call(expire.action, `/codes/expire/${a.id}/`, { method: "PATCH" }, { codeId: a.id });
    const res = await call(overview.loader, "/general/dashboard/overview/");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status_code: 6000, data: { contacts: { count: 11 }, codes: { active: 1, expired: 1 } } });
    expect((await call(overview.action, "/general/dashboard/overview/", { method: "POST" })).status).toBe(405);
  });
});
