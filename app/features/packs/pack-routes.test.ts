import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/unit/request-context";
import { getDb } from "@db/db.server";
import type { Batch } from "@db/schema";
import { createBatch, revokeBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { toastCookie } from "~/platform/http/toast.server";
import { loader as gtinLoader } from "~/routes/gtin";
import { action as packAction, loader as packLoader, headers as packHeaders } from "~/routes/pack";
import { loader as packGet } from "~/routes/api/packs-get";
import { action as packRedeem, loader as packRedeemGet } from "~/routes/api/packs-redeem";
import { action as verifyAction } from "~/routes/verify";
import { action as codesVerify } from "~/routes/api/codes-verify";
import { loader as resultLoader } from "~/routes/verify-result";
import { CODE_ALPHABET, formatCode } from "~/platform/codes/code-format";
import { revealPacks } from "~/platform/codes/code-store.server";
import { gtinCheckDigit } from "~/platform/codes/digital-link";
import { WRONG_PINS_PER_SERIAL } from "./packs.server";

// Issue 27, the shopper's side: the pack page and its GS1 Digital Link, the PIN's POST, the packs API.

const SITE = process.env.SITE_URL ?? "http://localhost:3000";
const product = products[2]!;
const other = products[5]!;
const LOT = "PK-2611";

let address = 0;
const nextIp = () => `10.27.${Math.floor(++address / 250)}.${address % 250}`;

async function run(quantity = 6): Promise<Batch> {
  const result = await createBatch({ productId: product.id, quantity, lot: LOT, bestBefore: "2029-01-31", label: "two_part", createdBy: "admin-1" });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** A run's packs (serial and PIN), in print order. */
async function packsOf(batch: Batch) {
  const db = await getDb();
  const rows = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", batch.id).orderBy("serial").execute();
  return revealPacks(rows);
}

const wrongPin = (pin: string, n = 0) => `${CODE_ALPHABET[(CODE_ALPHABET.indexOf(pin[0]!) + 1 + n) % CODE_ALPHABET.length]}${pin.slice(1)}`;
const gtin14 = (gtin: string) => gtin.padStart(14, "0");
const linkPath = (serial: string, gtin = product.gtin, lot = LOT) => `/01/${gtin14(gtin)}/10/${lot}/21/${serial}`;
const params = (serial: string, gtin = product.gtin, lot = LOT) => ({ gtin: gtin14(gtin), lot, serial });

function get(path: string, ip = nextIp()) {
  return new Request(`${SITE}${path}`, { headers: { "x-client-address": ip, "user-agent": "vitest" } });
}
function postForm(path: string, body: Record<string, string>, ip = nextIp()) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": ip },
    body: new URLSearchParams(body),
  });
}
function postJson(path: string, body: unknown, ip = nextIp()) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-client-address": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function scansOf(serial: string) {
  const db = await getDb();
  return db.selectFrom("scans").selectAll().where("pack_serial", "=", serial).orderBy("created_at").execute();
}

async function viewOf(serial: string, lang = "en", p = params(serial), cookie?: string) {
  const request = get(`${linkPath(serial)}?lng=${lang}&17=290131`);
  if (cookie) request.headers.set("Cookie", cookie);
  const result = await packLoader(await routeArgs(request, p));
  return result.data.view;
}

beforeAll(async () => {
  await getDb();
});

describe("the pack page (GS1 Digital Link)", () => {
  it("shows a sealed pack and logs a view, never consuming; the PIN's POST redeems once (PRG to the result view)", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const view = await viewOf(pack!.serial);
    expect(view).toMatchObject({ state: "sealed", shown: formatCode(pack!.serial), product: { id: product.id, name: product.name }, lot: LOT, pastBestBefore: false, verifiedAt: null });
    expect(view.bestBefore).toContain("2029");
    expect((await viewOf(pack!.serial, "ar")).product!.name).toBe(product.nameAr);
    expect(packHeaders()).toEqual({ "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex" });
    const views = await scansOf(pack!.serial);
    expect(views.map((s) => [s.kind, s.outcome])).toEqual([["view", "valid"], ["view", "valid"]]);
    // A view is no check: its id opens no result view (a sealed pack must never read "genuine, verified").
    expect(view.scanId).toBeNull();
    await expect(resultLoader(await routeArgs(get(`/verify/result/${views[0]!.id}`), { scanId: views[0]!.id }))).rejects.toMatchObject({ init: { status: 404 } });

    // Grouped, lower case: the same PIN.
    const pin = `${pack!.pin.slice(0, 4)}-${pack!.pin.slice(4)}`.toLowerCase();
    const response = (await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=en`, { pin }), params(pack!.serial)))) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/verify\/result\/[A-Za-z0-9_-]{22}$/);
    const cookies = response.headers.getSetCookie();
    const toast = await toastCookie.parse(cookies.find((c) => c.startsWith("toast="))!);
    expect(toast).toMatchObject({ type: "success" });
    expect(toast.description).toContain(formatCode(pack!.serial));
    const scanId = location.split("/").at(-1)!;
    // The browser keeps the redemption's scan id, sent back on the Digital Link paths only (decision 165).
    const remembered = cookies.find((c) => c.startsWith("redeemed="))!;
    expect(remembered).toContain(`redeemed=${scanId};`);
    expect(remembered).toMatch(/Path=\/01\/; HttpOnly; Secure; SameSite=Lax/);
    const result = await resultLoader(await routeArgs(get(`${location}?lng=en`), { scanId }));
    expect(result.data.result).toMatchObject({ isValid: true, outcome: "valid", code: formatCode(pack!.serial), packSerial: pack!.serial, lot: LOT, product: { id: product.id } });
    expect(JSON.stringify(result.data.result)).not.toContain(pack!.pin);

    // The page now says verified, with its date; a second redemption is counterfeit with the first date.
    const verified = await viewOf(pack!.serial);
    expect(verified).toMatchObject({ state: "verified", country: null, ownRedemption: null });
    expect(verified.verifiedAt).toBeTruthy();
    expect(verified.scanId).toBeTruthy();
    // The buyer's own browser is told it redeemed the pack, with nothing to report; a forged or foreign id is not.
    const own = await viewOf(pack!.serial, "en", params(pack!.serial), `redeemed=${scanId}`);
    expect(own).toMatchObject({ state: "verified", ownRedemption: verified.verifiedAt, scanId: null });
    expect((await viewOf(pack!.serial, "en", params(pack!.serial), `redeemed=${views[0]!.id}.not-an-id`)).ownRedemption).toBeNull();
    const again = (await packAction(await routeArgs(postForm(linkPath(pack!.serial), { pin: pack!.pin }), params(pack!.serial)))) as Response;
    const againId = again.headers.get("Location")!.split("/").at(-1)!;
    const used = await resultLoader(await routeArgs(get(`/verify/result/${againId}`), { scanId: againId }));
    expect(used.data.result).toMatchObject({ isValid: false, outcome: "used", verifiedAt: verified.verifiedAt, code: formatCode(pack!.serial) });
  });

  it("a wrong PIN is a typo: the form again with what to check and the tries left, never counterfeit; the right PIN still redeems", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const ip = nextIp();
    const typo = wrongPin(pack!.pin);
    const wrong = await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=en`, { pin: typo }, ip), params(pack!.serial)));
    expect(wrong).toMatchObject({ init: { status: 400 }, data: { notice: "wrong_pin", value: typo, toast: null } });
    const { error } = (wrong as { data: { error: string } }).data;
    expect(error).toContain("does not match pack");
    expect(error).toContain(formatCode(pack!.serial));
    expect(error).toContain(`${WRONG_PINS_PER_SERIAL - 1} tries left`);
    expect(error).not.toMatch(/counterfeit|return/i);
    const arabic = await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=ar`, { pin: typo }, ip), params(pack!.serial)));
    const arError = (arabic as { data: { error: string } }).data.error;
    expect(arError).toContain("لا يطابق العبوة");
    expect(arError).toContain("3 محاولات");
    expect(arError).not.toMatch(/مقل|إعادة/);
    // Logged as `wrong_pin` with the pack's code, product and run; the pack stays sealed.
    const logged = (await scansOf(pack!.serial)).filter((s) => s.kind === "check");
    expect(logged.map((s) => [s.outcome, s.wrong_pin, s.product_id, s.batch_id, s.code_id !== null])).toEqual([
      ["unknown", 1, product.id, batch.id, true],
      ["unknown", 1, product.id, batch.id, true],
    ]);
    expect((await viewOf(pack!.serial)).state).toBe("sealed");
    const right = (await packAction(await routeArgs(postForm(linkPath(pack!.serial), { pin: pack!.pin }, ip), params(pack!.serial)))) as Response;
    expect(right.status).toBe(302);

    const before = (await scansOf(pack!.serial)).length;
    const empty = await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=en`, { pin: " - " }), params(pack!.serial)));
    expect(empty).toMatchObject({ init: { status: 400 }, data: { error: "Please enter the PIN from under the scratch panel", value: " - " } });
    const short = await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=ar`, { pin: "ABC-12" }), params(pack!.serial)));
    expect(short).toMatchObject({ init: { status: 400 }, data: { value: "ABC-12" } });
    expect((short as { data: { error: string } }).data.error).toMatch(/PIN/);
    expect((await scansOf(pack!.serial)).length).toBe(before);
    expect((await viewOf(pack!.serial)).state).toBe("verified");
  });

  it("past the wrong-PIN limit the client is told too many attempts (429); another client still redeems", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const ip = nextIp();
    for (let i = 0; i < WRONG_PINS_PER_SERIAL; i++) {
      await packAction(await routeArgs(postForm(linkPath(pack!.serial), { pin: wrongPin(pack!.pin, i) }, ip), params(pack!.serial)));
    }
    const limited = await packAction(await routeArgs(postForm(`${linkPath(pack!.serial)}?lng=en`, { pin: pack!.pin }, ip), params(pack!.serial)));
    expect(limited).toMatchObject({ init: { status: 429 } });
    expect((limited as { data: { error: string } }).data.error).toMatch(/Too many attempts/);
    const other = (await packAction(await routeArgs(postForm(linkPath(pack!.serial), { pin: pack!.pin }), params(pack!.serial)))) as Response;
    expect(other.status).toBe(302);
  });

  it("a real serial under another product's GTIN or another lot is counterfeit and logged as unknown; its POST redeems nothing", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const foreign = await viewOf(pack!.serial, "en", params(pack!.serial, other.gtin));
    expect(foreign).toMatchObject({ state: "unknown", product: null, lot: null, shown: formatCode(pack!.serial) });
    expect(foreign.scanId).toBeTruthy();
    expect((await viewOf(pack!.serial, "en", params(pack!.serial, product.gtin, "OTHER-LOT"))).state).toBe("unknown");
    expect((await scansOf(pack!.serial)).map((s) => [s.kind, s.outcome, s.code_id])).toEqual([
      ["view", "unknown", null],
      ["view", "unknown", null],
    ]);
    const forged = (await packAction(await routeArgs(postForm(linkPath(pack!.serial, other.gtin), { pin: pack!.pin }), params(pack!.serial, other.gtin)))) as Response;
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toBe(linkPath(pack!.serial, other.gtin));
    expect((await viewOf(pack!.serial)).state).toBe("sealed");

    const unknown = await viewOf("ZZZZZZZZZZZ", "en", params("ZZZZZZZZZZZ"));
    expect(unknown).toMatchObject({ state: "unknown", shown: "ZZZZ-ZZZZ-ZZZ" });
    expect((await scansOf("ZZZZZZZZZZZ")).at(-1)).toMatchObject({ kind: "view", outcome: "unknown" });
  });

  it("a revoked run's pack answers as a revoked code does", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const revoked = await revokeBatch(batch.id, { reason: "stolen", revokedBy: "admin-1" });
    expect(revoked.ok).toBe(true);
    const view = await viewOf(pack!.serial);
    expect(view).toMatchObject({ state: "revoked", product: null });
    expect((await scansOf(pack!.serial)).at(-1)).toMatchObject({ kind: "view", outcome: "revoked" });
  });

  it("a malformed link is the 400 page, saying what is wrong: a wrong check digit, a lot or serial GS1 cannot carry (decision 190)", async () => {
    const bad = { ...params("ABCDEFGHJKM"), gtin: `${gtin14(product.gtin).slice(0, 13)}${(Number(product.gtin.at(-1)) + 1) % 10}` };
    const cases = [
      [bad, "The GTIN in this link is not valid"],
      [params("ABCDEFGHJKM", product.gtin, "LOT WITH SPACES"), "A lot, serial or variant in this link"],
      [params("ABC DEF", product.gtin), "A lot, serial or variant in this link"],
    ] as const;
    for (const [p, message] of cases) {
      const path = `/01/${p.gtin}/10/${encodeURIComponent(p.lot)}/21/${encodeURIComponent(p.serial)}`;
      await expect(packLoader(await routeArgs(get(path), p))).rejects.toMatchObject({ init: { status: 400 }, data: { message: expect.stringContaining(message) } });
    }
    await expect(gtinLoader(await routeArgs(get(`/01/${bad.gtin}`), { gtin: bad.gtin }))).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("/01/{GTIN} and a serial typed on /verify", () => {
  it("a product's GTIN (13 or 14 digits) redirects to its page; an unknown GTIN is the counterfeit answer (404), logged as a view", async () => {
    for (const gtin of [product.gtin, gtin14(product.gtin)]) {
      const thrown = await Promise.resolve(gtinLoader(await routeArgs(get(`/01/${gtin}?lng=ar`), { gtin }))).catch((r: Response) => r);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(`/product/${product.id}?lng=ar`);
    }
    const unknownGtin = `0952654399999${gtinCheckDigit("0952654399999")}`;
    const answer = await gtinLoader(await routeArgs(get(`/01/${unknownGtin}`), { gtin: unknownGtin }));
    expect(answer.data.view).toMatchObject({ state: "unknown", shown: unknownGtin, scanId: expect.any(String) });
    // Nothing known of it: 404, as GS1's resolver standard answers (decision 190).
    expect(answer.init?.status).toBe(404);
    // Logged as a view of that GTIN (the scan log shows it; the page links to the report).
    const scan = await (await getDb()).selectFrom("scans").selectAll().where("id", "=", answer.data.view.scanId!).executeTakeFirstOrThrow();
    expect(scan).toMatchObject({ kind: "view", outcome: "unknown", input: unknownGtin, pack_serial: null, code_id: null });
  });

  it("a typed serial of a pack opens its page; codes are checked as before", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const typed = `${pack!.serial.slice(0, 4)} ${pack!.serial.slice(4)}`.toLowerCase();
    const response = (await verifyAction(await routeArgs(postForm("/verify", { code: typed })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${linkPath(pack!.serial)}?17=290131`);
    // No pack has it: an ordinary (unknown) check.
    const unknown = (await verifyAction(await routeArgs(postForm("/verify", { code: "ZZZZZZZZZZZ" })))) as Response;
    expect(unknown.headers.get("Location")).toMatch(/^\/verify\/result\//);
  });

  it("a PIN typed on /verify is known by its shape: what to do instead, never a verdict; nothing consumed or recorded", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const db = await getDb();
    const scans = async () => Number((await db.selectFrom("scans").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await scans();
    for (const [lang, words] of [["en", "scratch panel"], ["ar", "طبقة الكشط"]] as const) {
      for (const code of [pack!.pin, "ABC-DEF-GHJ", "abc def ghk"]) {
        const answer = await verifyAction(await routeArgs(postForm(`/verify?lng=${lang}`, { code })));
        expect(answer, code).toMatchObject({ init: { status: 200 }, data: { notice: "pin", value: "", toast: null } });
        const { error } = (answer as { data: { error: string } }).data;
        expect(error).toContain(words);
        expect(error).not.toMatch(/counterfeit|مقل/i);
      }
    }
    expect(await scans()).toBe(before);
    expect((await viewOf(pack!.serial)).state).toBe("sealed");
  });
});

describe("the packs API", () => {
  it("GET /api/v1/packs/{serial}/ answers the pack (null where unknown), logs a view; unknown → 404 6001", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const response = (await packGet(await routeArgs(get(`/api/v1/packs/${pack!.serial.toLowerCase()}/`), { serial: pack!.serial.toLowerCase() }))) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status_code: 6000,
      message: "Pack found",
      error: null,
      data: {
        pack: {
          serial: pack!.serial,
          state: "sealed",
          verified_at: null,
          country: null,
          product: { id: product.id, name: product.name, name_ar: product.nameAr },
          lot: LOT,
          best_before: "2029-01-31",
          dl_url: `${SITE}${linkPath(pack!.serial)}?17=290131`,
        },
      },
    });
    expect((await scansOf(pack!.serial)).map((s) => s.kind)).toEqual(["view"]);
    const unknown = (await packGet(await routeArgs(get("/api/v1/packs/ZZZZZZZZZZ/?lng=ar"), { serial: "ZZZZZZZZZZ" }))) as Response;
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status_code: 6001, data: null, error: "pack_not_found", message: expect.stringContaining("مقلّد") });
  });

  it("POST …/redeem/ answers as the verify call: genuine once, then first_verified_at; wrong PIN and unknown serial false; 400; 429; 405", async () => {
    const batch = await run();
    const [pack, second] = await packsOf(batch);
    const redeem = async (serial: string, body: unknown, ip?: string) => (await packRedeem(await routeArgs(postJson(`/api/v1/packs/${serial}/redeem/`, body, ip), { serial }))) as Response;
    const redeemNow = async (serial: string, body: unknown, ip?: string) => redeem(serial, body, ip).catch((r: Response) => r);

    const won = await (await redeem(pack!.serial, { pin: pack!.pin })).json();
    expect(won).toMatchObject({
      status_code: 6000,
      data: { is_valid: true, reason: null, attempts_left: null, code_details: { code: pack!.serial, product: { id: product.id }, lot: LOT, best_before: "2029-01-31" }, first_verified_at: null },
    });
    expect(won.message).toContain(formatCode(pack!.serial));
    const again = await (await redeem(pack!.serial, { pin: pack!.pin })).json();
    expect(again).toMatchObject({ status_code: 6000, data: { is_valid: false, first_verified_at: won.data.code_details.verified_at } });
    expect(again.message).toContain("already verified");

    // A wrong PIN is a typo (decision 165): 200 6000 with the reason and the tries left, never the counterfeit words.
    const typist = nextIp();
    const wrong = await redeem(second!.serial, { pin: wrongPin(second!.pin) }, typist);
    expect(wrong.status).toBe(200);
    const wrongBody = await wrong.json();
    expect(wrongBody).toMatchObject({ status_code: 6000, data: { is_valid: false, reason: "wrong_pin", attempts_left: WRONG_PINS_PER_SERIAL - 1, code_details: null, first_verified_at: null } });
    expect(wrongBody.message).not.toMatch(/counterfeit/i);
    expect(await (await redeem(second!.serial, { pin: wrongPin(second!.pin, 1) }, typist)).json()).toMatchObject({ data: { reason: "wrong_pin", attempts_left: WRONG_PINS_PER_SERIAL - 2 } });
    const unknown = await (await redeem("ZZZZZZZZZZZ", { pin: "ABCD2345" })).json();
    expect(unknown).toMatchObject({ status_code: 6000, data: { is_valid: false, reason: null, attempts_left: null, code_details: null } });

    for (const body of [{}, { pin: "" }, { pin: "ABC" }, { pin: 12345678 }, "{not json"]) {
      const answer = await redeemNow(second!.serial, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await answer.json()).toMatchObject({ status_code: 6001, data: null });
    }

    const ip = nextIp();
    const left: number[] = [];
    for (let i = 0; i < WRONG_PINS_PER_SERIAL; i++) left.push((await (await redeem(second!.serial, { pin: wrongPin(second!.pin, i) }, ip)).json()).data.attempts_left);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const limited = await redeem(second!.serial, { pin: second!.pin }, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status_code: 6001 });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(packRedeemGet().status).toBe(405);
  });

  it("POST /api/v1/codes/verify/ with a PIN-shaped input answers reason pin, whether or not it exists; a code-shaped unknown one keeps the verdict", async () => {
    const batch = await run();
    const [pack] = await packsOf(batch);
    const verify = async (code: string, lang = "en") => (await codesVerify(await routeArgs(postJson(`/api/v1/codes/verify/?lng=${lang}`, { code })))) as Response;
    for (const code of [pack!.pin, "ZZZ-ZZZ-ZZ2"]) {
      const answer = await verify(code);
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body, code).toEqual({ status_code: 6000, error: null, message: expect.stringContaining("scratch panel"), data: { is_valid: false, reason: "pin", code_details: null, scan_id: null } });
    }
    expect((await (await verify(pack!.pin, "ar")).json()).message).toContain("طبقة الكشط");
    expect((await viewOf(pack!.serial)).state).toBe("sealed");
    const unknownCode = await (await verify("ZZZZ-2222")).json();
    expect(unknownCode).toMatchObject({ status_code: 6000, data: { is_valid: false, reason: null, code_details: null, scan_id: expect.any(String) } });
    expect(unknownCode.message).toMatch(/counterfeit/);
  });

  it("GET /api/v1/packs/{serial}/ is limited per client as the check is; a serial we never made is counted, not stored", async () => {
    const db = await getDb();
    const ip = nextIp();
    const unknownSerial = "ZZZZZZZZZZX";
    const daily = async () =>
      Number((await db.selectFrom("scan_daily").select((eb) => eb.fn.sum<number>("views").as("n")).where("dim", "=", "all").where("outcome", "=", "unknown").executeTakeFirst())?.n ?? 0);
    const counted = await daily();
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push(((await packGet(await routeArgs(get(`/api/v1/packs/${unknownSerial}/`, ip), { serial: unknownSerial }))) as Response).status);
    expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(answers[20]).toBe(429);
    expect(await scansOf(unknownSerial)).toHaveLength(0);
    expect(await daily()).toBe(counted + 20);
    // Another client is not held back.
    expect(((await packGet(await routeArgs(get(`/api/v1/packs/${unknownSerial}/`), { serial: unknownSerial }))) as Response).status).toBe(404);
  });
});
