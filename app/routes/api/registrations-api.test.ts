import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { createBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { checkCode } from "~/features/check/verify.server";
import { callApi, jsonBody } from "../../../tests/unit/api";
import { drainMailOutbox } from "../../../tests/unit/db";
import { plain } from "../../../tests/unit/codes";
import * as create from "./registrations-create";
import * as list from "./registrations-list";
import * as verify from "./codes-verify";

process.env.REGISTRATION_RATE_LIMIT = "1000";

let owner = "";
let editor = "";
let batchId = "";
let genuine: string[] = [];
let usedScan = "";

beforeAll(async () => {
  const db = await getDb();
  const admin = await createOrResetAdmin("reg-owner", "reg-password-long-enough");
  owner = (await startSession({ id: admin.id, username: admin.username })).accessToken;
  const staff = await createOrResetAdmin("reg-editor", "reg-password-long-enough");
  await db.updateTable("admins").set({ role: "editor" }).where("id", "=", staff.id).execute();
  editor = (await startSession({ id: staff.id, username: staff.username })).accessToken;

  const made = await createBatch({ productId: products[0]!.id, quantity: 3, lot: "RG-API", createdBy: admin.id });
  if (!made.ok) throw new Error(made.error);
  batchId = made.value.id;
  const codes = (await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", batchId).orderBy("serial").execute()).map(plain);
  for (const code of codes.slice(1)) {
    const answer = await checkCode({ code, lang: "en", clientHash: `api-${code}`, userAgent: "vitest" });
    if (answer.ok) genuine.push(answer.value.scanId);
  }
  // The verify API's answer carries the scan id an API client registers with.
  const first = await callApi(verify.action, "http://localhost:3000/api/v1/codes/verify/", { ...jsonBody({ code: codes[0] }), auth: null });
  expect(first.body.data).toMatchObject({ is_valid: true, scan_id: expect.any(String) });
  genuine = [first.body.data.scan_id, ...genuine];
  const again = await callApi(verify.action, "http://localhost:3000/api/v1/codes/verify/", { ...jsonBody({ code: codes[0] }), auth: null });
  expect(again.body.data).toMatchObject({ is_valid: false, scan_id: expect.any(String) });
  usedScan = again.body.data.scan_id;
});

// The confirmation mails are sent at once (kicked): let them leave before the database closes.
afterAll(drainMailOutbox);

const post = (body: unknown, lng = "en") => callApi(create.action, `http://localhost:3000/api/v1/registrations/create/?lng=${lng}`, { ...jsonBody(body), auth: null });

async function stored() {
  const db = await getDb();
  return db.selectFrom("registrations").select(["email", "lang", "state"]).orderBy("email").execute();
}

describe("POST /api/v1/registrations/create/ (public)", () => {
  it("bad input answers 400 with 6001 and stores nothing: no consent, a malformed e-mail or language, an unknown scan, a result that was not genuine", async () => {
    const good = { scan_id: genuine[0], email: "buyer@example.com", lang: "en", consent: true };
    const bad = [
      { ...good, consent: false },
      { ...good, consent: undefined },
      { ...good, consent: "yes" },
      { ...good, email: "not-an-email" },
      { ...good, email: "" },
      { ...good, lang: "fr" },
      { ...good, scan_id: "nope" },
      { ...good, scan_id: undefined },
      { ...good, scan_id: usedScan },
    ];
    for (const body of bad) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status_code: 6001, data: null });
    }
    const arabic = await post({ ...good, consent: false }, "ar");
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await stored()).toEqual([]);
  });

  it("stores a pending registration (201), the language defaulting to the request's", async () => {
    const answer = await post({ scan_id: genuine[0], email: " Buyer@Example.com", consent: true }, "ar");
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status_code: 6000, data: { state: "pending", email: "buyer@example.com", lang: "ar" } });
    expect((await post({ scan_id: genuine[1], email: "second@example.com", lang: "en", consent: true })).status).toBe(201);
    expect(await stored()).toEqual([
      { email: "buyer@example.com", lang: "ar", state: "pending" },
      { email: "second@example.com", lang: "en", state: "pending" },
    ]);
  });

  it("answers a sign-up that sends nothing exactly as one that mails (issue 42): a scan used for another address, an address mailed today", async () => {
    const db = await getDb();
    const mails = async () => Number((await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await mails();
    const mailed = await post({ scan_id: genuine[2], email: "third@example.com", lang: "en", consent: true });
    const sameScan = await post({ scan_id: genuine[2], email: "someone-else@example.com", lang: "en", consent: true });
    const sameAddress = await post({ scan_id: genuine[1], email: "third@example.com", lang: "en", consent: true });
    expect([mailed.status, sameScan.status, sameAddress.status]).toEqual([201, 201, 201]);
    expect({ ...sameScan.body, data: { ...sameScan.body.data, email: "third@example.com" } }).toEqual(mailed.body);
    expect(sameAddress.body).toEqual(mailed.body);
    expect(await mails()).toBe(before + 1);
    expect((await stored()).map((r) => r.email)).not.toContain("someone-else@example.com");
  });
});

describe("GET /api/v1/registrations/list/ (owners)", () => {
  const get = (query: string, token: string | null) => callApi(list.loader, `http://localhost:3000/api/v1/registrations/list/${query}`, { auth: token });

  it("pages a run's registrations for an owner, audited; an editor is refused; no token 401", async () => {
    const answer = await get(`?batch=${batchId}&page=1`, owner);
    expect(answer.status).toBe(200);
    expect(answer.body.data.registrations.map((r: { email: string }) => r.email).sort()).toEqual(["buyer@example.com", "second@example.com", "third@example.com"]);
    expect(answer.body.data.registrations[0]).toMatchObject({ batch: { id: batchId, lot: "RG-API" }, state: "pending" });
    expect(JSON.stringify(answer.body)).not.toMatch(/hash|token/);
    expect(answer.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 3 });
    const db = await getDb();
    expect(await db.selectFrom("audit_log").select("action").where("action", "=", "registrations.read").execute()).toHaveLength(1);

    expect((await get("?page=0", owner)).status).toBe(400);
    expect((await get("", editor)).status).toBe(403);
    expect((await get("", null)).status).toBe(401);
  });
});
