import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/unit/request-context";
import { getDb } from "@db/db.server";
import { toastCookie } from "~/platform/http/toast.server";
import { action as apiVerify, loader as apiVerifyGet } from "~/routes/api/codes-verify";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify";
import { loader as resultLoader } from "~/routes/verify-result";
import { codeHash, sealed } from "../../../tests/unit/codes";
import { generateCode } from "~/platform/codes/code-format";

async function insertCode(code: string) {
  const db = await getDb();
  await db
    .insertInto("codes")
    .values({ id: randomUUID(), ...sealed(code), product_id: "no-such-product", status: "active", created_at: new Date().toISOString(), expired_at: null, verified_at: null })
    .execute();
}

async function scanCount() {
  const db = await getDb();
  return Number((await db.selectFrom("scans").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

let address = 0;
function post(path: string, body: Record<string, string>, init: { lang?: string; ip?: string } = {}) {
  const url = `http://localhost:3000${path}${init.lang ? `?lng=${init.lang}` : ""}`;
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": init.ip ?? `10.0.0.${++address}` },
    body: new URLSearchParams(body),
  });
}

function postJson(body: unknown, init: { lang?: string; ip?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "x-client-address": init.ip ?? `10.1.0.${++address}` };
  if (init.accept) headers["Accept-Language"] = init.accept;
  return new Request(`http://localhost:3000/api/v1/codes/verify/${init.lang ? `?lng=${init.lang}` : ""}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  await getDb();
});

describe("/verify page", () => {
  it("?code= only pre-fills (grouped) and never records a scan", async () => {
    const code = generateCode();
    await insertCode(code);
    const before = await scanCount();
    const request = new Request(`http://localhost:3000/verify?code=${code.toLowerCase()}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
    const data = verifyLoader(await routeArgs(request));
    expect(data).toMatchObject({ prefill: `${code.slice(0, 4)}-${code.slice(4)}`, autoSubmit: true });
    // The page's own dictionary travels with it (decision 133); of the scanner's, only its button (decision 147).
    expect(Object.keys(data.i18n.bundles)).toEqual(["verify", "scanner"]);
    expect(Object.keys(data.i18n.bundles.scanner ?? {})).toEqual(["button"]);
    expect(await scanCount()).toBe(before);
    const db = await getDb();
    expect((await db.selectFrom("codes").select("status").where("code_hash", "=", codeHash(code)).executeTakeFirstOrThrow()).status).toBe("active");
  });

  it("does not ask crawlers, link previewers or prefetches to submit", async () => {
    const bot = new Request("http://localhost:3000/verify?code=ABCD1234", { headers: { "user-agent": "WhatsApp/2.23.20.0 A" } });
    expect(verifyLoader(await routeArgs(bot)).autoSubmit).toBe(false);
    for (const ua of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "facebookexternalhit/1.1", "Slackbot-LinkExpanding 1.0"]) {
      const crawler = new Request("http://localhost:3000/verify?code=ABCD1234", { headers: { "user-agent": ua } });
      expect(verifyLoader(await routeArgs(crawler)).autoSubmit, ua).toBe(false);
    }
    // A headless browser runs the page's script like a shopper's browser: it gets the auto-submit.
    const headless = new Request("http://localhost:3000/verify?code=ABCD1234", {
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36" },
    });
    expect(verifyLoader(await routeArgs(headless)).autoSubmit).toBe(true);
    const prefetch = new Request("http://localhost:3000/verify?code=ABCD1234", { headers: { "user-agent": "Mozilla/5.0 Chrome/140", "Sec-Purpose": "prefetch;prerender" } });
    expect(verifyLoader(await routeArgs(prefetch)).autoSubmit).toBe(false);
    expect(verifyLoader(await routeArgs(new Request("http://localhost:3000/verify"))).prefill).toBe("");
  });

  it("the POST redirects to the scan's result view with a toast; the view reloads without a second check", async () => {
    const code = generateCode();
    await insertCode(code);
    const response = (await verifyAction(await routeArgs(post("/verify", { code })))) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/verify\/result\/[A-Za-z0-9_-]{22}$/);
    const toast = await toastCookie.parse(response.headers.get("Set-Cookie"));
    expect(toast).toMatchObject({ type: "success", title: "Success" });
    expect(toast.description).toContain(`${code.slice(0, 4)}-${code.slice(4)}`);

    const scanId = location.split("/").at(-1)!;
    const before = await scanCount();
    for (const lang of ["en", "en", "ar"]) {
      const request = new Request(`http://localhost:3000${location}?lng=${lang}`);
      const result = await resultLoader(await routeArgs(request, { scanId }));
      expect(result.data.result).toMatchObject({ scanId, isValid: true, outcome: "valid", code: `${code.slice(0, 4)}-${code.slice(4)}`, verifiedAt: null, product: null });
      expect(result.init?.headers).toMatchObject({ "X-Robots-Tag": "noindex" });
    }
    expect(await scanCount()).toBe(before);

    // The same code again: counterfeit, with the first verification date.
    const again = (await verifyAction(await routeArgs(post("/verify", { code })))) as Response;
    const againToast = await toastCookie.parse(again.headers.get("Set-Cookie"));
    expect(againToast).toMatchObject({ type: "error", title: "Error" });
    const againId = again.headers.get("Location")!.split("/").at(-1)!;
    const used = await resultLoader(await routeArgs(new Request(`http://localhost:3000/verify/result/${againId}?lng=en`), { scanId: againId }));
    expect(used.data.result).toMatchObject({ isValid: false, outcome: "used" });
    expect(new Date(used.data.result.verifiedAt!).toISOString()).toBe(used.data.result.verifiedAt);
    expect(againToast.description).toMatch(/already verified on \u2068\d+ \w+ \d{4}, \d\d:\d\d UTC\u2069/);
  });

  it("input that cannot be a code states the rule, keeps what was typed and records nothing", async () => {
    const before = await scanCount();
    const en = await verifyAction(await routeArgs(post("/verify", { code: "<b>hi</b>" }, { lang: "en" })));
    expect(en).toMatchObject({ init: { status: 400 }, data: { error: "A code has only letters A–Z and digits 0–9, as printed on the label.", value: "<b>hi</b>" } });
    const ar = await verifyAction(await routeArgs(post("/verify", { code: "<b>hi</b>" }, { lang: "ar" })));
    expect(ar).toMatchObject({ init: { status: 400 }, data: { error: "يتكوّن الرمز من أحرف لاتينية (A–Z) وأرقام (0–9) فقط، كما هو مطبوع على الملصق." } });
    const api = (await apiVerify(await routeArgs(postJson({ code: "<b>hi</b>" })))) as Response;
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ status_code: 6001, message: "A code has only letters A–Z and digits 0–9, as printed on the label." });
    expect(await scanCount()).toBe(before);
    // A label link carrying such text pre-fills it as it came and never submits by itself.
    const link = verifyLoader(await routeArgs(new Request("http://localhost:3000/verify?code=%3Cb%3Ehi%3C%2Fb%3E", { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } })));
    expect(link).toMatchObject({ prefill: "<b>hi</b>", autoSubmit: false });
  });

  it("isolates the code and the date in every message (toast, API), so 3769-M7B9 keeps its order in Arabic", async () => {
    const code = "3769M7B9";
    await insertCode(code);
    const first = (await verifyAction(await routeArgs(post("/verify", { code }, { lang: "ar" })))) as Response;
    const toast = await toastCookie.parse(first.headers.get("Set-Cookie"));
    expect(toast.description).toBe("تمّ التحقّق من الرمز \u20663769-M7B9\u2069 بنجاح. هذا المنتج أصلي.");
    const again = await ((await apiVerify(await routeArgs(postJson({ code }, { lang: "ar" })))) as Response).json();
    expect(again.message).toMatch(/^سبق التحقّق من الرمز \u20663769-M7B9\u2069 بتاريخ \u2068\d+ \S+ \d{4} الساعة \d\d:\d\d \(بتوقيت UTC\)\u2069\. قد يكون هذا المنتج مقلّدًا\.$/);
    const unknown = await ((await apiVerify(await routeArgs(postJson({ code: "1234ABCD" }, { lang: "ar" })))) as Response).json();
    expect(unknown.message).toBe("الرمز \u20661234-ABCD\u2069 غير صالح. قد يكون هذا المنتج مقلّدًا.");
  });

  it("an unknown result id is a 404", async () => {
    const request = new Request("http://localhost:3000/verify/result/AAAAAAAAAAAAAAAAAAAAAA");
    await expect(resultLoader(await routeArgs(request, { scanId: "AAAAAAAAAAAAAAAAAAAAAA" }))).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("an empty code answers 400 with the localized message and records nothing", async () => {
    const before = await scanCount();
    const en = await verifyAction(await routeArgs(post("/verify", { code: "   " }, { lang: "en" })));
    expect(en).toMatchObject({ init: { status: 400 }, data: { error: "Please enter a verification code" } });
    const ar = await verifyAction(await routeArgs(post("/verify", { code: "" }, { lang: "ar" })));
    expect(ar).toMatchObject({ init: { status: 400 }, data: { error: "يُرجى إدخال رمز التحقّق" } });
    expect(await scanCount()).toBe(before);
  });
});

describe("POST /api/v1/codes/verify/", () => {
  it("answers the envelope for a valid code, then is_valid false with the first date", async () => {
    const code = generateCode();
    await insertCode(code);
    const first = (await apiVerify(await routeArgs(postJson({ code: code.toLowerCase() })))) as Response;
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({
      status_code: 6000,
      error: null,
      data: { is_valid: true, code_details: { code, product: { id: "no-such-product", name: null, name_ar: null } } },
    });
    expect(body.message).toContain("verified successfully");
    const verifiedAt = body.data.code_details.verified_at;
    expect(new Date(verifiedAt).toISOString()).toBe(verifiedAt);

    const second = await ((await apiVerify(await routeArgs(postJson({ code })))) as Response).json();
    expect(second).toMatchObject({ status_code: 6000, data: { is_valid: false, code_details: { code, verified_at: verifiedAt } } });
    expect(second.message).toContain("already verified");

    const unknown = await ((await apiVerify(await routeArgs(postJson({ code: "NOPE-0000" })))) as Response).json();
    expect(unknown).toMatchObject({ status_code: 6000, data: { is_valid: false, code_details: null } });
  });

  it("speaks the request's language (?lng=, Accept-Language)", async () => {
    const viaQuery = await ((await apiVerify(await routeArgs(postJson({ code: "NOPE0001" }, { lang: "ar" })))) as Response).json();
    expect(viaQuery.message).toContain("غير صالح");
    const viaHeader = await ((await apiVerify(await routeArgs(postJson({ code: "NOPE0002" }, { accept: "ar-AE,ar;q=0.9" })))) as Response).json();
    expect(viaHeader.message).toContain("غير صالح");
  });

  it("400 for a missing, empty or malformed code; 405 for GET", async () => {
    const before = await scanCount();
    for (const body of [{}, { code: "" }, { code: "  -  " }, { code: null }]) {
      const response = (await apiVerify(await routeArgs(postJson(body)))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status_code: 6001, message: "Please enter a verification code", data: null });
    }
    const bad = await apiVerify(await routeArgs(postJson("{not json"))).catch((r: Response) => r);
    expect((bad as Response).status).toBe(400);
    const wrongType = await apiVerify(await routeArgs(postJson({ code: { $ne: 1 } }))).catch((r: Response) => r);
    expect((wrongType as Response).status).toBe(400);
    expect(await scanCount()).toBe(before);
    expect(apiVerifyGet().status).toBe(405);
  });
});
