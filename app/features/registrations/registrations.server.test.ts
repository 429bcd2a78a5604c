import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createBatch } from "~/features/batches/batches.server";
import { recallBatch } from "~/features/batches/recalls.server";
import { products } from "~/platform/catalog/catalog";
import { checkCode } from "~/features/check/verify.server";
import { plain } from "../../../tests/unit/codes";
import { drainMailOutbox, emptyTables } from "../../../tests/unit/db";
import { requestContext } from "../../../tests/unit/request-context";
import { onDailyJob, runRetention } from "~/platform/daily/daily-job.server";
import {
  confirmRegistration,
  createRegistration,
  findByUnsubscribeToken,
  findPendingByToken,
  purgeRegistrations,
  registrationCounts,
  registrationsCsv,
  unsubscribe,
  unsubscribeToken,
} from "./registrations.server";
import { loadConfirmPage, loadUnsubscribePage, unsubscribeAction } from "./screens/links.server";
import { registrationSchema, type RegistrationInput } from "./schemas";
import { queueConfirmation } from "./mails.server";
import { i18n } from "../../../tests/unit/i18n";
import { recallParts } from "../../../tests/unit/recall-parts";

process.env.REGISTRATION_RATE_LIMIT = "1000";

const DAY = 24 * 3_600_000;
let client = 0;
const check = (code: string) => checkCode({ code, lang: "en", clientHash: `reg-test-${++client}`, userAgent: "vitest" });

async function newRun(lot: string, bestBefore: string | null = null) {
  const made = await createBatch({ productId: products[0]!.id, quantity: 4, lot, createdBy: "admin-1", ...(bestBefore ? { bestBefore } : {}) });
  if (!made.ok) throw new Error(made.error);
  const db = await getDb();
  const codes = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", made.value.id).orderBy("serial").execute();
  return { run: made.value, codes: codes.map(plain) };
}

/** A genuine check of the run's next code: its scan id. */
async function genuineScan(codes: string[]): Promise<string> {
  const answer = await check(codes.shift()!);
  if (!answer.ok || !answer.value.isValid) throw new Error("not genuine");
  return answer.value.scanId;
}

const input = (scan_id: string, email: string, lang: "en" | "ar" = "en"): RegistrationInput => ({ scan_id, email, lang, consent: true });

async function rows() {
  const db = await getDb();
  return db.selectFrom("registrations").selectAll().orderBy("created_at").execute();
}

beforeEach(() => emptyTables("registrations", "mail_outbox"));

/** A sign-up as the page and the API make it, its confirmation mail queued with it (not sent here). */
const registerBuyer = (request: Parameters<typeof createRegistration>[0]) => createRegistration(request, queueConfirmation);

// A fresh unsubscribe link is sent at once (kicked): let it leave before the database closes.
afterAll(drainMailOutbox);

async function mailsTo(address: string) {
  const db = await getDb();
  return db.selectFrom("mail_outbox").select(["recipient", "subject", "text"]).where("recipient", "=", address).execute();
}

describe("who may register", () => {
  it("only a genuine check of a print run (a recalled run's too); an unknown scan, a used, unknown or single code: nothing stored", async () => {
    const { run, codes } = await newRun("RG-WHO");
    const first = codes[0]!;
    const genuine = await genuineScan(codes);
    const used = await check(first);
    const unknown = await check("ZZZZZZZZ");
    const refused = [
      [used.ok ? used.value.scanId : "", "not_genuine"],
      [unknown.ok ? unknown.value.scanId : "", "not_genuine"],
      ["no-such-scan", "scan_not_found"],
    ] as const;
    for (const [scanId, error] of refused) {
      expect(await createRegistration({ input: input(scanId, "a@example.com"), clientHash: "c" })).toEqual({ ok: false, error });
    }
    expect(await rows()).toEqual([]);

    const made = await createRegistration({ input: input(genuine, "buyer@example.com"), clientHash: "c" });
    expect(made.ok && made.value.registration).toMatchObject({ batch_id: run.id, email: "buyer@example.com", state: "pending", consent_version: expect.any(String) });

    await recallBatch(run.id, { ...recallParts, notice_en: "Stop.", notice_ar: "توقّف.", by: "admin-1" });
    const recalled = await genuineScan(codes);
    expect((await createRegistration({ input: input(recalled, "other@example.com"), clientHash: "c" })).ok).toBe(true);
    expect((await rows()).map((r) => r.state)).toEqual(["pending", "pending"]);
  });
});

describe("double opt-in", () => {
  it("stays pending until the link confirms it; the link works once and for 7 days; nothing is confirmed by opening it", async () => {
    const { codes } = await newRun("RG-OPT");
    // The address is normalised by the one schema of the page and the API.
    const parsed = registrationSchema(await i18n("en", "registrations"), "ar").parse({ scan_id: await genuineScan(codes), email: " Opt@Example.com ", consent: "on" });
    expect(parsed).toMatchObject({ email: "opt@example.com", lang: "ar", consent: true });
    const made = await createRegistration({ input: parsed, clientHash: "c" });
    if (!made.ok) throw new Error(made.error);
    const token = made.value.confirmToken!;
    expect((await rows())[0]).toMatchObject({ email: "opt@example.com", state: "pending", confirmed_at: null });

    // The GET page shows the run; nothing changes.
    const context = await requestContext(new Request("http://localhost:3000/registrations/confirm/x"));
    const page = await loadConfirmPage(context, token);
    expect(page.data.view).toMatchObject({ valid: true, lot: "RG-OPT" });
    expect((await rows())[0]!.state).toBe("pending");

    // Past 7 days the link no longer works.
    expect(await confirmRegistration(token, new Date(Date.now() + 7 * DAY + 60_000))).toEqual({ ok: false, error: "token_invalid" });
    const confirmed = await confirmRegistration(token);
    expect(confirmed.ok && confirmed.value).toMatchObject({ state: "confirmed", confirm_hash: null });
    // Single use.
    expect(await confirmRegistration(token)).toEqual({ ok: false, error: "token_invalid" });
    expect((await loadConfirmPage(context, token)).init?.status).toBe(404);
    expect(await findPendingByToken("not a token")).toBeUndefined();

    // The same address again on the run: confirmed already, nothing is sent or changed.
    const again = await createRegistration({ input: input(await genuineScan(codes), "opt@example.com"), clientHash: "c" });
    expect(again.ok && again.value.confirmToken).toBeNull();
    expect(await rows()).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("GET shows a button and deletes nothing; the page's POST deletes; a mail client's one-click POST deletes", async () => {
    const { codes } = await newRun("RG-UNS");
    const a = await createRegistration({ input: input(await genuineScan(codes), "a@example.com"), clientHash: "c" });
    const b = await createRegistration({ input: input(await genuineScan(codes), "b@example.com"), clientHash: "c" });
    if (!a.ok || !b.ok) throw new Error("not registered");
    const tokenA = unsubscribeToken(a.value.registration!.id);
    const tokenB = unsubscribeToken(b.value.registration!.id);
    const context = await requestContext(new Request("http://localhost:3000/registrations/unsubscribe/x?lng=ar"));

    expect((await loadUnsubscribePage(context, tokenA)).data.view).toMatchObject({ valid: true, lot: "RG-UNS" });
    expect(await rows()).toHaveLength(2);

    const button = await unsubscribeAction(new Request("http://localhost:3000/x", { method: "POST", body: new URLSearchParams() }), context, tokenA);
    expect(button).toBeInstanceOf(Response);
    expect((button as Response).headers.get("Location")).toBe("/registrations/unsubscribed");
    expect((await rows()).map((r) => r.email)).toEqual(["b@example.com"]);
    expect((await loadUnsubscribePage(context, tokenA)).init?.status).toBe(404);

    const oneClick = await unsubscribeAction(new Request("http://localhost:3000/x", { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) }), context, tokenB);
    expect(oneClick).toMatchObject({ data: { unsubscribed: true } });
    expect(await rows()).toEqual([]);
    // A client that posts the one-click form as multipart (RFC 8058 allows both) gets the same answer.
    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    expect(await unsubscribeAction(new Request("http://localhost:3000/x", { method: "POST", body: multipart }), context, tokenB)).toMatchObject({ data: { unsubscribed: true } });
  });
});

describe("retention", () => {
  it("deletes pending sign-ups after 7 days, and the others after the run's best-before date plus the retention (in the daily job)", async () => {
    const old = await newRun("RG-OLD", "2020-01-31");
    const fresh = await newRun("RG-NEW", "2099-12-31");
    const kept = await createRegistration({ input: input(await genuineScan(fresh.codes), "kept@example.com"), clientHash: "c" });
    const gone = await createRegistration({ input: input(await genuineScan(old.codes), "gone@example.com"), clientHash: "c" });
    const pending = await createRegistration({ input: input(await genuineScan(fresh.codes), "pending@example.com"), clientHash: "c" });
    if (!kept.ok || !gone.ok || !pending.ok) throw new Error("not registered");
    await confirmRegistration(kept.value.confirmToken);
    await confirmRegistration(gone.value.confirmToken);

    // Today: the old run's best-before (2020-01-31) plus 365 days is long past; the pending one is young.
    expect(await purgeRegistrations(await getDb(), new Date(), 365)).toEqual({ pendingDeleted: 0, expiredDeleted: 1 });
    expect((await rows()).map((r) => r.email).sort()).toEqual(["kept@example.com", "pending@example.com"]);

    // Eight days on, through the daily job: the unconfirmed one goes, the confirmed one stays.
    onDailyJob("registrations", purgeRegistrations);
    const result = await runRetention(await getDb(), new Date(Date.now() + 8 * DAY));
    expect(result.tasks.registrations).toEqual({ pendingDeleted: 1, expiredDeleted: 0 });
    expect((await rows()).map((r) => r.email)).toEqual(["kept@example.com"]);
  });
});

describe("the owners' view", () => {
  it("the owners' CSV lists a run's confirmed registrants, formula-safe", async () => {
    const { run, codes } = await newRun("RG-CSV");
    const made = await createRegistration({ input: input(await genuineScan(codes), "=cmd@example.com"), clientHash: "c" });
    if (!made.ok) throw new Error(made.error);
    await confirmRegistration(made.value.confirmToken);
    await createRegistration({ input: input(await genuineScan(codes), "pending@example.com"), clientHash: "c" });
    const csv = await registrationsCsv(run.id, { actor: { id: "admin-1", username: "owner" }, clientHash: "h" });
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("email,language,confirmed_at");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^'=cmd@example\.com,en,\d{4}-/);
    expect(await registrationCounts(run.id, null)).toEqual({ confirmed: 1, notified: 0 });
  });
});

describe("mail to an address is bounded, whatever the run, scan or client (issue 42, N2)", () => {
  it("a genuine scan signs up one address: another address with the same scan is answered the same, and nothing is stored or sent", async () => {
    const { codes } = await newRun("RG-BIND");
    const scan = await genuineScan(codes);
    const first = await registerBuyer({ input: input(scan, "owner-of-scan@example.com"), clientHash: "c-bind-1" });
    expect(first.ok && first.value.confirmToken).toBeTruthy();
    for (let i = 0; i < 5; i++) {
      const other = await registerBuyer({ input: input(scan, `victim-${i}@example.com`), clientHash: `c-bind-${i + 2}` });
      expect(other).toEqual({ ok: true, value: { registration: null, confirmToken: null } });
      expect(await mailsTo(`victim-${i}@example.com`)).toEqual([]);
    }
    expect((await rows()).map((r) => r.email)).toEqual(["owner-of-scan@example.com"]);
  });

  it("an address gets at most one confirmation mail a day: many scans, runs and clients reach it once", async () => {
    const one = await newRun("RG-BOMB-1");
    const two = await newRun("RG-BOMB-2");
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const scan = await genuineScan(i % 2 ? one.codes : two.codes);
      answers.push(await registerBuyer({ input: input(scan, "mail-bombed@example.com"), clientHash: `c-bomb-${i}` }));
    }
    // Every caller is answered alike; one mail, one pending row.
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(await mailsTo("mail-bombed@example.com")).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
    // The next day the address may be sent a link again (the pending row's link is renewed).
    const scan = await genuineScan(one.codes);
    const db = await getDb();
    await db.deleteFrom("rate_limits").where("key", "like", "registration-confirmation-mail%").execute();
    const later = await registerBuyer({ input: input(scan, "mail-bombed@example.com"), clientHash: "c-bomb-next-day" });
    expect(later.ok && later.value.confirmToken).toBeTruthy();
    expect(await mailsTo("mail-bombed@example.com")).toHaveLength(2);
  });
});

describe("unsubscribe links expire (issue 42, N5)", () => {
  it("a link past 90 days deletes nothing (410); its page mails a fresh link to the registration's address, once a day; the fresh link works", async () => {
    const { codes } = await newRun("RG-EXP");
    const made = await createRegistration({ input: input(await genuineScan(codes), "expiring@example.com"), clientHash: "c" });
    if (!made.ok || !made.value.registration) throw new Error("not registered");
    const id = made.value.registration.id;
    const old = unsubscribeToken(id, new Date(Date.now() - 91 * DAY));
    const young = unsubscribeToken(id, new Date(Date.now() - 89 * DAY));
    expect(old).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(await findByUnsubscribeToken(young)).toMatchObject({ registration: { id }, expired: false });
    expect(await findByUnsubscribeToken(old)).toMatchObject({ registration: { id }, expired: true });
    // A token with its time changed is not ours.
    const forged = Buffer.from(old, "base64url");
    forged.writeUInt32BE(Math.floor(Date.now() / 1000), 16);
    expect(await findByUnsubscribeToken(forged.toString("base64url"))).toBeUndefined();

    const context = await requestContext(new Request("http://localhost:3000/registrations/unsubscribe/x"));
    const page = await loadUnsubscribePage(context, old);
    expect(page.init?.status).toBe(410);
    expect(page.data.view).toEqual({ valid: false, expired: true });
    const post = (body: Record<string, string>) => unsubscribeAction(new Request("http://localhost:3000/x", { method: "POST", body: new URLSearchParams(body) }), context, old);
    expect(await post({})).toMatchObject({ init: { status: 410 } });
    expect(await post({ "List-Unsubscribe": "One-Click" })).toMatchObject({ init: { status: 410 } });
    expect(await rows()).toHaveLength(1);

    expect(await post({ intent: "resend" })).toMatchObject({ data: { resent: true } });
    expect(await post({ intent: "resend" })).toMatchObject({ data: { resent: true } });
    const mails = (await mailsTo("expiring@example.com")).filter((m) => m.subject.startsWith("Your link to stop"));
    expect(mails).toHaveLength(1);
    const fresh = /\/registrations\/unsubscribe\/([A-Za-z0-9_-]{48})/.exec(mails[0]!.text)![1]!;
    expect(await unsubscribe(fresh)).toBe("deleted");
    expect(await rows()).toEqual([]);
  });
});
