import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { SmtpSink } from "../../../tests/unit/smtp";
import { createContact } from "./contacts.server";

// A real SMTP server; the environment is set before it is first read.
const sink = new SmtpSink(3784);
process.env.SMTP_URL = "smtp://127.0.0.1:3784";
process.env.CONTACT_NOTIFY_EMAIL = "care@lunara.example";

beforeAll(() => Promise.all([getDb(), sink.start()]));
afterAll(() => sink.stop());

describe("new contact messages with CONTACT_NOTIFY_EMAIL", () => {
  it("are mailed there once: name, number, message and an absolute link to the list", async () => {
    await createContact({ name: "Mariam Haddad", phone_number: "+971 50 123 4567", message: "Is the SPF 60 cream <b>safe</b> for sensitive skin?" });
    await sink.waitFor(1);
    const [mail] = sink.to("care@lunara.example");
    expect(mail?.subject).toBe("New contact message from Mariam Haddad");
    expect(mail?.text).toContain("+971 50 123 4567");
    expect(mail?.text).toContain("Is the SPF 60 cream <b>safe</b> for sensitive skin?");
    expect(mail?.html).toContain("&lt;b&gt;safe&lt;/b&gt;");
    expect(mail?.html).toContain('href="http://localhost:3000/admin/dashboard/contacts"');
    // The outbox records the delivery right after the server's answer.
    const db = await getDb();
    const rows = () => db.selectFrom("mail_outbox").select("status").where("recipient", "=", "care@lunara.example").execute();
    await expect.poll(rows, { timeout: 5000 }).toEqual([{ status: "delivered" }]);
  });
});
