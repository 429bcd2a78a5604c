import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { attemptLogin } from "~/features/sign-in/login.server";
import { authenticateAccessToken, startSession } from "~/features/sessions/sessions.server";
import { mailConfigured } from "~/platform/mail/mail.server";
import { SmtpSink } from "../../../tests/unit/smtp";
import { acceptInvitation } from "./invitations.server";
import { addMember, resetMemberPassword, type By } from "./members.server";

// A real SMTP server on a loopback port; SMTP_URL is set before the environment is first read.
const sink = new SmtpSink(3782);
process.env.SMTP_URL = "smtp://127.0.0.1:3782";

let by: By;

beforeAll(async () => {
  await sink.start();
  const created = await createOrResetAdmin("invite-owner", "invite-owner-password");
  const admin = (await authenticateAccessToken((await startSession(created)).accessToken))!;
  by = { admin, clientHash: "client-invite" };
});
afterAll(async () => {
  await sink.stop();
});

/** The one link to the site a mail's text part carries. */
const linkIn = (text: string) => /http:\/\/localhost:3000\/admin\/invitation\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];

describe("invitation mails", () => {
  it("mail the link to the new member's address; the mailed link signs the member up", async () => {
    expect(mailConfigured()).toBe(true);
    const added = await addMember(by, { username: "mailed.editor", email: "mailed.editor@example.com", role: "editor", delivery: { kind: "link" } });
    if (!added.ok || !added.value.invitationUrl) throw new Error("not added");
    expect(added.value.mailedTo).toBe("mailed.editor@example.com");
    await sink.waitFor(1);
    const [mail] = sink.to("mailed.editor@example.com");
    expect(mail?.subject).toBe("Your invitation to the Lunara admin");
    expect(mail?.html).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"|<html[^>]*dir="ltr"[^>]*lang="en"/);
    const link = linkIn(mail!.text ?? "");
    expect(link).toBe(added.value.invitationUrl);
    expect(mail?.html).toContain(`href="${link}"`);
    const accepted = await acceptInvitation(link!.split("/").at(-1)!, "lilac-harbour-window-58", "client-new");
    expect(accepted).toEqual({ ok: true, value: { username: "mailed.editor" } });
    const login = await attemptLogin({ username: "mailed.editor", password: "lilac-harbour-window-58", clientKey: "c-mailed" });
    expect(login.ok).toBe(true);
    // Delivered once; its parts are no longer kept (the link was single-use anyway).
    const db = await getDb();
    const rows = () => db.selectFrom("mail_outbox").select(["status", "html", "text"]).where("recipient", "=", "mailed.editor@example.com").execute();
    await expect.poll(rows, { timeout: 5000 }).toEqual([{ status: "delivered", html: "", text: "" }]);
  });

  it("in Arabic, right to left; a reset by link mails the new link; a temporary password is never mailed", async () => {
    const added = await addMember(by, { username: "mailed.viewer", email: "mailed.viewer@example.com", role: "viewer", delivery: { kind: "password" } });
    if (!added.ok || !added.value.password) throw new Error("not added");
    const before = sink.received.length;
    const reset = await resetMemberPassword(by, added.value.member.id, { kind: "link" }, "ar");
    if (!reset.ok || !reset.value.invitationUrl) throw new Error("not reset");
    await sink.waitFor(before + 1);
    const mails = sink.to("mailed.viewer@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("دعوتك إلى لوحة إدارة لونارا");
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(linkIn(mail.text ?? "")).toBe(reset.value.invitationUrl);
    expect(`${mail.html}${mail.text}`).not.toContain(added.value.password);
  });

  it("a member without an address gets no mail", async () => {
    const before = sink.received.length;
    const added = await addMember(by, { username: "unmailed.editor", role: "editor", delivery: { kind: "link" } });
    expect(added.ok && added.value.invitationUrl !== undefined && added.value.mailedTo).toBe(null);
    const db = await getDb();
    expect(await db.selectFrom("mail_outbox").select("id").where("recipient", "like", "unmailed%").execute()).toEqual([]);
    expect(sink.received.length).toBe(before);
  });
});
