import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A small limit for this file only: the account's shared bucket for browsers without its device
// cookie is 20 × 1 = 20 per 15 minutes (each test file runs in its own process).
vi.hoisted(() => {
  process.env.LOGIN_RATE_LIMIT = "1";
});

import { getDb } from "@db/db.server";
import * as login from "~/routes/admin/login";
import * as linkPage from "~/routes/admin/sign-in-link";
import { drainMailOutbox } from "../../../tests/unit/db";
import { memberWithEmail } from "../../../tests/unit/members";
import { SmtpSink } from "../../../tests/unit/smtp";
import { routeArgs } from "../../../tests/unit/request-context";
import { deliverAccountMail } from "./account-mail.server";
import { DEVICE_COOKIE } from "./device-cookie.server";
import { attemptLogin, completeMfaLogin } from "./login.server";
import { readSignInLink, signInLinkToken, SIGN_IN_LINK_TTL_MS } from "./sign-in-link.server";

// A real SMTP server; SMTP_URL is set before the environment is first read.
const sink = new SmtpSink(3785);
process.env.SMTP_URL = "smtp://127.0.0.1:3785";
beforeAll(() => sink.start());
afterAll(async () => {
  await drainMailOutbox();
  await sink.stop();
});

const PASSWORD = "owner-password-lighthouse-72";

const owner = (username: string, email: string | null, options: { mfa?: boolean } = {}) => memberWithEmail(username, PASSWORD, email, options);

/** Strangers from 25 addresses, a wrong password each: the account's shared limit for new browsers is full. */
async function lockOut(username: string) {
  for (let i = 0; i < 25; i++) await attemptLogin({ username, password: "wrong-guess-password", clientKey: `stranger-${username}-${i}` });
}

const post = (fields: Record<string, string>, client: string, cookie?: string) =>
  new Request("http://localhost:3000/admin", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": client, ...(cookie ? { Cookie: cookie } : {}) },
  });

type Answer = { data: Record<string, unknown>; init: { status?: number } | null };
const act = async (request: Request) => (await login.action(await routeArgs(request))) as unknown as Answer | Response;

describe("a sign-in link for a new browser, instead of a lockout (issue 42, N8, decision 171)", () => {
  it("strangers fill the account's shared limit; the member gets a mailed link, and that browser signs in while they keep guessing", async () => {
    await owner("link.owner", "link.owner@example.com");
    await lockOut("link.owner");
    const home = "203.0.113.7";
    // The member's new browser is refused like the strangers, and offered the link.
    const refused = (await act(post({ username: "link.owner", password: PASSWORD }, home))) as Answer;
    expect(refused.init?.status).toBe(429);
    expect(refused.data.link).toEqual({ offer: "link.owner" });

    // Asking answers the same for any name; only the real member is mailed.
    const asked = (await act(post({ intent: "sign_in_link", username: "link.owner" }, home))) as Answer;
    const nobody = (await act(post({ intent: "sign_in_link", username: "no.such.owner" }, home))) as Answer;
    expect(asked.data).toEqual({ result: null, failure: null, mfa: null, link: { sent: true } });
    expect(nobody.data).toEqual(asked.data);
    expect(nobody.init?.status).toBe(asked.init?.status);
    await deliverAccountMail();
    await sink.waitFor(1);
    const mail = sink.to("link.owner@example.com")[0]!;
    expect(mail.subject).toBe("Sign in to the Lunara admin from a new browser");
    const path = /http:\/\/localhost:3000(\/admin\/sign-in-link\/[A-Za-z0-9_.-]+)/.exec(mail.text ?? "")![1]!;
    const token = path.split("/").at(-1)!;

    // Opening the link changes nothing; its button gives this browser the account's mailed-link device.
    const page = (await linkPage.loader(await routeArgs(new Request(`http://localhost:3000${path}`), { token }))) as unknown as Answer;
    expect(page.init?.status).toBe(200);
    expect(page.data.link).toEqual({ username: "link.owner" });
    const confirmed = (await linkPage.action(await routeArgs(new Request(`http://localhost:3000${path}`, { method: "POST", headers: { "x-client-address": home } }), { token }))) as Response;
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toMatch(/^\/admin\?.*link\.owner/);
    const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/^__Host-admin_device=m1\./);
    const device = cookie.split(";")[0]!;

    // The strangers go on; this browser signs in with the password all the same.
    await lockOut("link.owner");
    const signedIn = await act(post({ username: "link.owner", password: PASSWORD }, home, device));
    expect(signedIn).toBeInstanceOf(Response);
    expect((signedIn as Response).headers.get("Location")).toBe("/admin/dashboard");
    // …and is now a browser that signed in (`v1`).
    expect((signedIn as Response).headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(/^__Host-admin_device=v1\./);

    const db = await getDb();
    const trail = await db.selectFrom("audit_log").select("action").where("target", "=", "admin:link.owner").where("action", "like", "account.sign_in_link%").orderBy("created_at").execute();
    expect(trail.map((e) => e.action)).toEqual(["account.sign_in_link_requested", "account.sign_in_link_used"]);
  });

  it("a mailed link's browser still meets the second step's account budget and lock (decision 150 holds)", async () => {
    const admin = await owner("link.mfa", "link.mfa@example.com", { mfa: true });
    const token = signInLinkToken("link.mfa", new Date(Date.now() + SIGN_IN_LINK_TTL_MS));
    const link = readSignInLink(token)!;
    const confirmed = (await linkPage.action(await routeArgs(new Request("http://localhost:3000/x", { method: "POST" }), { token }))) as Response;
    const deviceToken = decodeURIComponent(confirmed.headers.getSetCookie()[0]!.split(";")[0]!.split("=").slice(1).join("="));
    expect(deviceToken.split(".")[2]).toBe(link.deviceId);
    const db = await getDb();
    await db.updateTable("admins").set({ mfa_locked_at: new Date().toISOString() }).where("id", "=", admin.id).execute();
    const step = await attemptLogin({ username: "link.mfa", password: PASSWORD, clientKey: "mfa-home", deviceToken });
    if (!step.ok || step.value.step !== "mfa_required") throw new Error("no second step");
    expect(await completeMfaLogin({ mfaToken: step.value.mfaToken, code: "000000", clientKey: "mfa-home", deviceToken })).toEqual({ ok: false, error: "second_step_locked" });
  });

  it("an expired, altered or unknown link answers 410 and gives no cookie", async () => {
    await owner("link.late", "link.late@example.com");
    const expired = signInLinkToken("link.late", new Date(Date.now() - 1000));
    const altered = signInLinkToken("link.late", new Date(Date.now() + 60_000)).replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 3600}.`);
    for (const token of [expired, altered, "nonsense", signInLinkToken("no.such.member", new Date(Date.now() + 60_000))]) {
      const answer = (await linkPage.action(await routeArgs(new Request("http://localhost:3000/x", { method: "POST" }), { token }))) as unknown as Answer;
      expect(answer.init?.status, token).toBe(410);
    }
    expect(((await linkPage.loader(await routeArgs(new Request("http://localhost:3000/x"), { token: expired }))) as unknown as Answer).init?.status).toBe(410);
  });
});
