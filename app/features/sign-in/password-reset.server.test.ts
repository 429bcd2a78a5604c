import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { drainMailOutbox } from "../../../tests/unit/db";
import { memberWithEmail } from "../../../tests/unit/members";
import { SmtpSink } from "../../../tests/unit/smtp";
import { attemptLogin } from "./login.server";
import { deliverAccountMail } from "./account-mail.server";
import { completePasswordReset, openPasswordReset, requestPasswordReset, RESET_TTL_MS } from "./password-reset.server";
import { authenticateAccessToken, startSession } from "../sessions/sessions.server";

// A real SMTP server; SMTP_URL is set before the environment is first read.
const sink = new SmtpSink(3783);
process.env.SMTP_URL = "smtp://127.0.0.1:3783";

beforeAll(async () => {
  await getDb();
  await sink.start();
});
afterAll(async () => {
  // Every queued mail is sent before the server and the database close.
  await drainMailOutbox();
  await sink.stop();
});

let client = 0;
const member = (username: string, email: string | null, options: { mfa?: boolean } = {}) => memberWithEmail(username, "old-password-orchid-41", email, options);

/** A request from the form, then the outbox's loop doing it (here, at once). */
async function ask(identifier: string, lang: "en" | "ar" = "en") {
  const answer = await requestPasswordReset({ identifier, clientHash: `reset-client-${++client}`, lang });
  if (!answer.ok) throw new Error("refused");
  await deliverAccountMail();
  return answer;
}

const tokenIn = (text: string) => /http:\/\/localhost:3000\/admin\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("forgot your password", () => {
  it("mails a single-use link; the reset sets the password, ends every session, and two-factor is still asked", async () => {
    const admin = await member("reset.owner", "reset.owner@example.com", { mfa: true });
    const session = await startSession(admin);
    await ask("  Reset.Owner@Example.com ");
    await sink.waitFor(1);
    const [mail] = sink.to("reset.owner@example.com");
    expect(mail?.subject).toBe("Choose a new password for the Lunara admin");
    const token = tokenIn(mail!.text ?? "")!;
    expect(mail?.html).toContain(`href="http://localhost:3000/admin/reset-password/${token}"`);
    expect(`${mail!.html}${mail!.text}`).not.toContain("old-password-orchid-41");
    // Only a keyed hash is stored.
    const db = await getDb();
    const rows = await db.selectFrom("password_resets").selectAll().where("admin_id", "=", admin.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await openPasswordReset(token)).toMatchObject({ username: "reset.owner" });

    expect(await completePasswordReset(token, "short", "c")).toEqual({ ok: false, error: "too_short" });
    expect(await completePasswordReset(token, "new-password-meadow-77", "c")).toEqual({ ok: true, value: { username: "reset.owner" } });
    expect(await authenticateAccessToken(session.accessToken)).toBeNull();
    expect(await completePasswordReset(token, "another-password-river-12", "c")).toEqual({ ok: false, error: "reset_invalid" });
    const login = await attemptLogin({ username: "reset.owner", password: "new-password-meadow-77", clientKey: "c-reset" });
    expect(login.ok && login.value.step).toBe("mfa_required");
    const trail = await db.selectFrom("audit_log").select("action").where("target", "=", "admin:reset.owner").where("action", "like", "account.password_reset%").orderBy("created_at").execute();
    expect(trail.map((e) => e.action)).toEqual(["account.password_reset_requested", "account.password_reset"]);
  });

  it("answers the same for an unknown account, one without an address and a disabled one, and mails nothing", async () => {
    await member("reset.noaddress", null);
    const disabled = await member("reset.disabled", "reset.disabled@example.com");
    const db = await getDb();
    await db.updateTable("admins").set({ disabled_at: new Date().toISOString() }).where("id", "=", disabled.id).execute();
    const before = sink.received.length;
    const answers = await Promise.all(["nobody.here", "nobody@example.com", "reset.noaddress", "reset.disabled"].map((who) => ask(who)));
    for (const answer of answers) expect(answer).toEqual({ ok: true, value: null });
    const queued = await db.selectFrom("mail_outbox").select("recipient").where("recipient", "in", ["reset.disabled@example.com"]).execute();
    expect(queued).toEqual([]);
    expect(sink.received.length).toBe(before);
  });

  it("a newer link replaces the older; an expired link is refused; Arabic mails are right to left", async () => {
    await member("reset.editor", "reset.editor@example.com");
    await ask("reset.editor", "ar");
    await ask("reset.editor", "ar");
    await expect.poll(() => sink.to("reset.editor@example.com").length, { timeout: 5000 }).toBe(2);
    const [older, newer] = sink.to("reset.editor@example.com");
    expect(newer!.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(await openPasswordReset(tokenIn(older!.text ?? "")!)).toBeNull();
    const token = tokenIn(newer!.text ?? "")!;
    expect(await openPasswordReset(token)).not.toBeNull();
    expect(await openPasswordReset(token, new Date(Date.now() + RESET_TTL_MS + 1000))).toBeNull();
  });

  it("limits the form per client and the mails per account", async () => {
    const clientHash = "reset-busy-client";
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await requestPasswordReset({ identifier: "nobody.at.all", clientHash, lang: "en" }));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, error: "rate_limited" });
    await member("reset.viewer", "reset.viewer@example.com");
    for (let i = 0; i < 5; i++) await ask("reset.viewer");
    const db = await getDb();
    const resets = await db.selectFrom("password_resets").innerJoin("admins", "admins.id", "password_resets.admin_id").select("password_resets.id").where("admins.username", "=", "reset.viewer").execute();
    expect(resets).toHaveLength(3);
  });
});
