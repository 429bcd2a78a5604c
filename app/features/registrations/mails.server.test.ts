import type { ParsedMail } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { createBatch } from "~/features/batches/batches.server";
import { liftRecall, recallBatch } from "~/features/batches/recalls.server";
import { products } from "~/platform/catalog/catalog";
import { resources } from "~/platform/i18n/resources";
import { getDb } from "@db/db.server";
import { checkCode } from "~/features/check/verify.server";
import { plain } from "../../../tests/unit/codes";
import { SmtpSink } from "../../../tests/unit/smtp";
import { confirmRegistration, findByUnsubscribeToken, registrationCounts } from "./registrations.server";
import { requestContext } from "../../../tests/unit/request-context";
import { unsubscribeAction } from "./screens/links.server";
import { registerBuyer } from "./sign-up.server";
import { recallParts } from "../../../tests/unit/recall-parts";

// A real SMTP server on loopback, configured as SMTP_URL before anything reads the environment: the
// mails go as in production, kicked after each commit, through the outbox and nodemailer.
const sink = new SmtpSink();
await sink.start();
process.env.SMTP_URL = sink.url;
process.env.REGISTRATION_RATE_LIMIT = "1000";
afterAll(() => sink.stop());

let client = 0;

/** A header as sent, unfolded (mailparser groups the List-* headers into one object). */
const header = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((line) => line.key === key)
    ?.line.replace(/^[^:]+:/, "")
    .replace(/\r\n\s+/g, " ")
    .trim();

async function genuineScans(lot: string, n: number) {
  const made = await createBatch({ productId: products[0]!.id, quantity: n, lot, createdBy: "admin-1" });
  if (!made.ok) throw new Error(made.error);
  const db = await getDb();
  const codes = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", made.value.id).orderBy("serial").execute();
  const scans: string[] = [];
  for (const code of codes) {
    const answer = await checkCode({ code: plain(code), lang: "en", clientHash: `mail-test-${++client}`, userAgent: "vitest" });
    if (!answer.ok || !answer.value.isValid) throw new Error("not genuine");
    scans.push(answer.value.scanId);
  }
  return { run: made.value, scans };
}

async function sign(scan_id: string, email: string, lang: "en" | "ar") {
  const made = await registerBuyer({ input: { scan_id, email, lang, consent: true }, clientHash: "c" });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

describe("registered buyers' mails (a real SMTP server)", () => {
  it("confirms by the mailed link; a recall mails each confirmed registrant once, in Arabic right to left, with List-Unsubscribe headers and a working one-click link", async () => {
    const { run, scans } = await genuineScans("RG-MAIL", 3);
    const ar = await sign(scans[0]!, "ar@example.com", "ar");
    const en = await sign(scans[1]!, "en@example.com", "en");
    await sign(scans[2]!, "pending@example.com", "en");
    await sink.waitFor(3);

    // The double opt-in mail in the chosen language, its link the one whose hash is stored.
    const confirmation = sink.to("ar@example.com")[0]!;
    expect(confirmation.html).toContain('dir="rtl"');
    const link = /http:\/\/localhost:3000\/registrations\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmation.text ?? "");
    expect(link?.[1]).toBe(ar.confirmToken);
    expect(header(confirmation, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect((await confirmRegistration(link![1])).ok).toBe(true);
    await confirmRegistration(en.confirmToken);

    const recalled = await recallBatch(run.id, { ...recallParts, notice_en: "Stop using it.\nReturn it to the shop.", notice_ar: "توقّفي عن استخدامه.", by: "admin-1" });
    expect(recalled.ok && recalled.value.notified).toBe(2);
    expect(await registrationCounts(run.id, recalled.ok ? recalled.value.batch.recall_at : null)).toEqual({ confirmed: 2, notified: 2 });
    // An update of the notice mails no one again.
    const updated = await recallBatch(run.id, { ...recallParts, notice_en: "Updated.", notice_ar: "مُحدَّث.", by: "admin-1" });
    expect(updated.ok && updated.value.notified).toBe(0);
    await sink.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(5);

    const arMails = sink.to("ar@example.com");
    expect(arMails).toHaveLength(2);
    const notice = arMails[1]!;
    expect(notice.html).toContain('dir="rtl"');
    expect(notice.html).toContain("توقّفي عن استخدامه.");
    expect(notice.html).not.toContain("Updated.");
    expect(notice.subject).toContain("RG-MAIL");
    // The header's link names this registration (a token made with the mail: it expires, issue 42).
    const unsubscribe = /^<(http:\/\/localhost:3000\/registrations\/unsubscribe\/[A-Za-z0-9_-]{48})>$/.exec(header(notice, "list-unsubscribe") ?? "")?.[1] ?? "";
    expect((await findByUnsubscribeToken(unsubscribe.split("/").at(-1)))?.registration.id).toBe(ar.registration!.id);
    expect(header(notice, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(notice.html).toContain(unsubscribe);
    const enMails = sink.to("en@example.com");
    expect(enMails).toHaveLength(2);
    expect(enMails[1]!.html).toContain('dir="ltr"');
    expect(enMails[1]!.text).toContain("Return it to the shop.");
    // The EU recall notice's parts (decision 191): heading, picture, GTIN and lot, hazard, "stop using", remedy.
    const product = products.find((p) => p.id === run.product_id)!;
    for (const [mail, lang] of [[enMails[1]!, "en"], [notice, "ar"]] as const) {
      const words = resources[lang].mail.registrations;
      expect(mail.text).toContain(words.recallHeading);
      expect(mail.text).toContain(words.recallStop);
      expect(mail.text).toContain(recallParts[`hazard_${lang}`]);
      expect(mail.text).toContain(recallParts[`remedy_${lang}`]);
      expect(mail.text).toContain(`0${product.gtin}`);
      expect(mail.html).toContain(`src="http://localhost:3000${product.images[0]}"`);
    }
    expect(sink.to("pending@example.com")).toHaveLength(1);

    // The header's link, as a mail client's one-click POST, deletes the registration.
    const oneClick = new Request(unsubscribe, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    await unsubscribeAction(oneClick, await requestContext(new Request(unsubscribe)), unsubscribe.split("/").at(-1));
    const db = await getDb();
    const left = await db.selectFrom("registrations").select("email").where("batch_id", "=", run.id).orderBy("email").execute();
    expect(left.map((r) => r.email)).toEqual(["en@example.com", "pending@example.com"]);

    // Lifted and recalled again: a new recall, told once to who is still registered and confirmed.
    await liftRecall(run.id, { by: "admin-1" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await recallBatch(run.id, { ...recallParts, notice_en: "Again.", notice_ar: "مجددًا.", by: "admin-1" });
    expect(again.ok && again.value.notified).toBe(1);
    await sink.waitFor(6);
    expect(sink.to("en@example.com")[2]!.text).toContain("Again.");
  });
});
