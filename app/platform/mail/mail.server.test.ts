import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { simpleParser } from "mailparser";
import { createElement as h } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { SmtpSink } from "../../../tests/unit/smtp";
import { deliverMail, mailConfigured, MAX_ATTEMPTS, type OutgoingMail, queueMail } from "./mail.server";
import { MailLayout, renderMail, siteLink } from "./render.server";

const sink = new SmtpSink();
let n = 0;

beforeAll(async () => {
  await getDb();
  await sink.start();
});
afterAll(async () => {
  await sink.stop();
});

async function mailTo(to: string, lang: "en" | "ar" = "en", headers?: Record<string, string>): Promise<OutgoingMail> {
  const element = h(MailLayout, { lang, preview: "Preview line" }, h(Text, null, lang === "ar" ? "مرحبًا" : "Hello"), h(Link, { href: siteLink("/admin") }, "Sign in"));
  return { to, subject: `Test ${++n}`, headers, ...(await renderMail(element, lang)) };
}

async function queue(mails: OutgoingMail[]) {
  const db = await getDb();
  await db.transaction().execute((trx) => queueMail(trx, mails, new Date()));
}

async function rowsTo(to: string) {
  const db = await getDb();
  return db.selectFrom("mail_outbox").selectAll().where("recipient", "=", to).execute();
}

const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

describe("mail outbox", () => {
  it("is not configured without SMTP_URL (the tests' environment)", () => {
    expect(mailConfigured()).toBe(false);
  });

  it("sends a queued mail through SMTP once, with both parts, its headers and a stable Message-ID, then empties its parts", async () => {
    await queue([await mailTo("first@example.com", "en", { "X-Test": "yes" })]);
    const outcomes = await deliverMail({ smtpUrl: sink.url });
    expect(outcomes.filter((o) => o.delivered)).toHaveLength(1);
    const [mail] = sink.to("first@example.com");
    expect(mail?.subject).toMatch(/^Test \d+$/);
    expect(mail?.html).toContain('lang="en"');
    expect(mail?.html).toContain('href="http://localhost:3000/admin"');
    expect(mail?.text).toContain("Hello");
    expect(mail?.text).toContain("http://localhost:3000/admin");
    expect(mail?.headers.get("x-test")).toBe("yes");
    const [row] = await rowsTo("first@example.com");
    expect(row).toMatchObject({ status: "delivered", attempts: 1, last_status: 250, html: "", text: "" });
    expect(mail?.messageId).toBe(`<${row!.id}@localhost>`);
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverMail({ smtpUrl: sink.url })).toEqual([]);
  });

  it("retries while the server is down or refusing, and then delivers every mail exactly once with two concurrent senders", async () => {
    const to = Array.from({ length: 6 }, (_, i) => `down-${i}@example.com`);
    await sink.stop();
    await queue(await Promise.all(to.map((address) => mailTo(address))));
    const failed = await deliverMail({ smtpUrl: sink.url });
    expect(failed).toHaveLength(6);
    expect(failed.every((o) => !o.delivered && o.status === null)).toBe(true);
    for (const address of to) expect((await rowsTo(address))[0]).toMatchObject({ status: "pending", attempts: 1, html: expect.stringContaining("Hello") });
    // Not due yet: the backoff holds them.
    expect(await deliverMail({ smtpUrl: sink.url })).toEqual([]);

    await sink.start();
    sink.refuse(true);
    const refused = await deliverMail({ smtpUrl: sink.url, now: later(2) });
    expect(refused.every((o) => !o.delivered && o.status === 451)).toBe(true);
    expect(refused).toHaveLength(6);
    sink.refuse(false);

    const before = sink.received.length;
    const [a, b] = await Promise.all([deliverMail({ smtpUrl: sink.url, now: later(10) }), deliverMail({ smtpUrl: sink.url, now: later(10) })]);
    expect([...a, ...b].filter((o) => o.delivered)).toHaveLength(6);
    await sink.waitFor(before + 6);
    for (const address of to) {
      expect(sink.to(address), address).toHaveLength(1);
      expect((await rowsTo(address))[0]).toMatchObject({ status: "delivered", attempts: 3 });
    }
  });

  it("gives a mail up after its last attempt, keeping it to be read", async () => {
    sink.refuse(true);
    try {
      await queue([await mailTo("never@example.com")]);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) await deliverMail({ smtpUrl: sink.url, now: later(60 * 24 * (attempt + 1)) });
      const [row] = await rowsTo("never@example.com");
      expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_status: 451 });
      expect(row?.html).toContain("Hello");
    } finally {
      sink.refuse(false);
    }
  });

  it("writes an .eml file (0600) under the mail folder without SMTP_URL: nothing dropped", async () => {
    const folder = join(process.env.DATA_DIR!, `mail-${Date.now()}`);
    await queue([await mailTo("eml@example.com", "ar")]);
    const outcomes = await deliverMail({ smtpUrl: null, folder });
    expect(outcomes.filter((o) => o.delivered)).toHaveLength(1);
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(statSync(join(folder, files[0]!)).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(readFileSync(join(folder, files[0]!)));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("eml@example.com");
    expect(mail.html).toContain('dir="rtl"');
    expect((await rowsTo("eml@example.com"))[0]).toMatchObject({ status: "delivered", html: "" });
  });
});

describe("renderMail", () => {
  it("draws Arabic right to left with the Arabic brand name; its text part's lines start with a right-to-left mark", async () => {
    const { html, text } = await mailTo("ar@example.com", "ar");
    expect(html).toMatch(/<html[^>]*dir="rtl"/);
    expect(html).toMatch(/<html[^>]*lang="ar"/);
    expect(html).toContain("لونارا");
    expect(text.split("\n").filter((line) => line.trim()).every((line) => line.startsWith("\u200f"))).toBe(true);
  });

  it("draws English left to right", async () => {
    const { html, text } = await mailTo("en@example.com");
    expect(html).toMatch(/<html[^>]*dir="ltr"/);
    expect(html).toContain("Lunara");
    expect(text).not.toContain("\u200f");
  });

  it("makes only absolute links to SITE_URL", () => {
    expect(siteLink("/admin/reset/abc")).toBe("http://localhost:3000/admin/reset/abc");
    expect(() => siteLink("https://evil.example/")).toThrow();
  });
});
