import { describe, expect, it, vi } from "vitest";

// Low limits for this file only (each test file runs in its own process).
vi.hoisted(() => {
  process.env.VERIFY_RATE_LIMIT = "3";
  process.env.CONTACT_RATE_LIMIT = "2";
});

import { routeArgs } from "../../../tests/unit/request-context";
import { getDb } from "@db/db.server";
import { action as apiContact } from "~/routes/api/contact-create";
import { action as apiVerify } from "~/routes/api/codes-verify";
import { action as contactAction } from "~/routes/contact";
import { action as verifyAction } from "~/routes/verify";

async function count(table: "scans" | "contacts") {
  const db = await getDb();
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

const form = (path: string, ip: string, body: Record<string, string>, lang = "en") =>
  new Request(`http://localhost:3000${path}?lng=${lang}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": ip },
    body: new URLSearchParams(body),
  });
const json = (path: string, ip: string, body: unknown, lang = "en") =>
  new Request(`http://localhost:3000${path}?lng=${lang}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-client-address": ip },
    body: JSON.stringify(body),
  });

describe("verification limit (VERIFY_RATE_LIMIT per client per minute)", () => {
  it("page and API share the per-client budget; past it: localized refusal, 429, nothing recorded", async () => {
    const ip = "192.0.2.10";
    expect(((await verifyAction(await routeArgs(form("/verify", ip, { code: "AAAA1111" })))) as Response).status).toBe(302);
    expect(((await apiVerify(await routeArgs(json("/api/v1/codes/verify/", ip, { code: "AAAA2222" })))) as Response).status).toBe(200);
    expect(((await verifyAction(await routeArgs(form("/verify", ip, { code: "AAAA3333" })))) as Response).status).toBe(302);
    const scans = await count("scans");

    const page = await verifyAction(await routeArgs(form("/verify", ip, { code: "AAAA4444" }, "en")));
    expect(page).toMatchObject({ init: { status: 429 }, data: { error: "Too many attempts. Please try again in 1 minute.", value: "AAAA4444" } });
    const pageAr = await verifyAction(await routeArgs(form("/verify", ip, { code: "AAAA4444" }, "ar")));
    // "After a minute", never "within": Arabic's own plural form for one minute.
    expect(pageAr).toMatchObject({ init: { status: 429 }, data: { error: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقة." } });

    const api = (await apiVerify(await routeArgs(json("/api/v1/codes/verify/", ip, { code: "AAAA5555" })))) as Response;
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await api.json()).toMatchObject({ status_code: 6001, message: "Too many attempts. Please try again in 1 minute.", data: null, error: "rate_limited" });
    expect(await count("scans")).toBe(scans);

    // Another client still gets through.
    expect(((await apiVerify(await routeArgs(json("/api/v1/codes/verify/", "192.0.2.11", { code: "AAAA6666" })))) as Response).status).toBe(200);
  });
});

describe("contact limit (CONTACT_RATE_LIMIT per client per hour)", () => {
  const message = { name: "Limit Person", phone_number: "+971 50 123 4567", message: "Hello" };

  it("counts stored messages only, then refuses with 429 and stores nothing", async () => {
    const ip = "192.0.2.20";
    // Invalid submissions do not use up the budget.
    for (let i = 0; i < 3; i++) expect(await contactAction(await routeArgs(form("/contact", ip, { ...message, name: "" })))).toMatchObject({ init: { status: 400 } });
    expect(((await contactAction(await routeArgs(form("/contact", ip, message)))) as Response).status).toBe(302);
    expect(((await apiContact(await routeArgs(json("/api/v1/general/contact/create/", ip, message)))) as Response).status).toBe(201);
    const stored = await count("contacts");

    const page = await contactAction(await routeArgs(form("/contact", ip, message)));
    expect(page).toMatchObject({ init: { status: 429 }, data: { message: "Too many attempts. Please try again in 60 minutes.", values: message } });
    const api = (await apiContact(await routeArgs(json("/api/v1/general/contact/create/", ip, message, "ar")))) as Response;
    expect(api.status).toBe(429);
    expect((await api.json()).message).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 60 دقيقة.");
    expect(await count("contacts")).toBe(stored);
  });
});
