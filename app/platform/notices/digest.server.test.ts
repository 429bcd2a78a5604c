import { randomUUID } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import type { NoticeMode, Role } from "@db/schema";
import { onDailyJob, runRetention } from "~/platform/daily/daily-job.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { MATRIX } from "~/platform/access/permissions";
import { products } from "~/platform/catalog/catalog";
import { createBatch } from "~/features/batches/batches.server";
import { checkFrom } from "../../../tests/unit/checks";
import { plain } from "../../../tests/unit/codes";
import { SmtpSink } from "../../../tests/unit/smtp";
import { cloneSubject } from "~/features/alerts/signals.server";
import { sendDailyDigest } from "./digest.server";
import { createReport } from "~/features/reports/reports.server";

// A real SMTP server on loopback, configured before anything reads the environment: the notices go
// as in production, queued in the transaction that decided them and kicked after its commit.
const sink = new SmtpSink();
await sink.start();
process.env.SMTP_URL = sink.url;
afterAll(() => sink.stop());

type Setup = { role?: Role; email?: string | null; notify?: NoticeMode; lang?: "en" | "ar"; disabled?: boolean };

/** A member as the account page would leave them (the columns written directly: the action has its own test below). */
async function memberWith(username: string, { role = "owner", email = `${username}@example.com`, notify = "immediate", lang = "en", disabled = false }: Setup) {
  const made = await createOrResetAdmin(username, "notices-password-lantern", { role });
  const db = await getDb();
  await db.updateTable("admins").set({ email, notify, notify_lang: lang, disabled_at: disabled ? new Date().toISOString() : null }).where("id", "=", made.id).execute();
  return made;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const everything = (mail: ParsedMail) => `${mail.subject ?? ""}\n${mail.text ?? ""}\n${typeof mail.html === "string" ? mail.html : ""}`;

/** Viewers stop reading alerts and reports (as a stricter matrix would have it), for the time of `body`. */
async function withoutViewers(body: () => Promise<void>) {
  const matrix = MATRIX as unknown as Record<string, readonly Role[]>;
  const before = { alerts: matrix["alerts:read"]!, reports: matrix["reports:read"]! };
  matrix["alerts:read"] = ["owner", "editor"];
  matrix["reports:read"] = ["owner", "editor"];
  try {
    await body();
  } finally {
    matrix["alerts:read"] = before.alerts;
    matrix["reports:read"] = before.reports;
  }
}

describe("immediate notices (a real SMTP server)", () => {
  it("mail each opted-in, enabled member one mail per new alert and report, in their language, naming no code; nobody else", async () => {
    await memberWith("notice-en", { role: "owner" });
    await memberWith("notice-ar", { role: "editor", lang: "ar" });
    await memberWith("notice-viewer", { role: "viewer" });
    await memberWith("notice-off", { notify: "off" });
    await memberWith("notice-daily", { notify: "daily" });
    await memberWith("notice-disabled", { disabled: true });
    await memberWith("notice-no-address", { email: null });

    await withoutViewers(async () => {
      // A suspected clone: a used code checked from a second country opens an alert in the check's transaction.
      const run = await createBatch({ productId: products[0]!.id, quantity: 1, lot: "NT-LOT-7", createdBy: "admin-1" });
      if (!run.ok) throw new Error(run.error);
      const db = await getDb();
      const sealedCode = await db.selectFrom("codes").select(["id", "code_hash", "code_enc"]).where("batch_id", "=", run.value.id).executeTakeFirstOrThrow();
      const { id } = sealedCode;
      const code = plain(sealedCode);
      await checkFrom(code, "notice-buyer", "SA");
      await checkFrom(code, "notice-traveller", "AE");
      const alert = await db.selectFrom("alerts").select("id").where("subject", "=", cloneSubject(id)).executeTakeFirstOrThrow();
      // A checked code that opens nothing more mails no one.
      await checkFrom(code, "notice-traveller", "AE");

      // A counterfeit report.
      const fake = await checkFrom(`FAKE${Math.floor(Math.random() * 1e8)}`, "notice-shopper", "SA");
      const made = await createReport({ input: { scan_id: fake.scanId, seller: "Corner Pharmacy", city: "Jeddah", country: "SA", purchased_on: "2026-11-01", contact: "+966500000000", consent: true, website: undefined }, photo: null, lang: "en", clientHash: "notice-reporter" });
      if (!made.ok || !made.value.report) throw new Error("report refused");
      const report = made.value.report;

      await sink.waitFor(4);
      await settle();
      expect(sink.received).toHaveLength(4);
      for (const nobody of ["notice-viewer", "notice-off", "notice-daily", "notice-disabled", "notice-no-address"]) expect(sink.to(`${nobody}@example.com`)).toEqual([]);

      const [enAlert, enReport] = sink.to("notice-en@example.com");
      expect(enAlert!.subject).toContain("New alert: Suspected clone");
      expect(enAlert!.text).toMatch(/Hydra Calm Face Cream.*, lot \u2066NT-LOT-7\u2069/);
      expect(enAlert!.text).toContain(`http://localhost:3000/admin/dashboard/alerts/${alert.id}`);
      expect(enAlert!.text).toContain("http://localhost:3000/admin/dashboard/account#notices");
      expect(enReport!.subject).toContain(report.reference);
      expect(enReport!.text).toContain("Jeddah");
      expect(enReport!.text).toContain(`http://localhost:3000/admin/dashboard/reports/${report.id}`);

      const arMails = sink.to("notice-ar@example.com");
      expect(arMails).toHaveLength(2);
      for (const mail of arMails) expect(mail.html).toContain('dir="rtl"');
      expect(arMails[0]!.subject).toContain("تنبيه جديد");

      // Never the code, the report's contact, or a password.
      for (const mail of sink.received) {
        expect(everything(mail)).not.toContain(code);
        expect(everything(mail)).not.toContain(fake.scanId);
        expect(everything(mail)).not.toContain("+966500000000");
        expect(everything(mail)).not.toContain("notices-password-lantern");
      }
    });
  });
});

async function pastAlert(created_at: string) {
  const db = await getDb();
  await db
    .insertInto("alerts")
    .values({ id: randomUUID(), kind: "market", subject: `market:${randomUUID()}`, status: "open", code_id: null, code: "SECRETCODE1", product_id: products[1]!.id, batch_id: null, detail: "{}", scans_count: 1, created_at, updated_at: created_at, acknowledged_at: null, acknowledged_by: null, closed_at: null, closed_by: null })
    .execute();
}

async function pastReport(created_at: string, city: string) {
  const db = await getDb();
  const id = randomUUID();
  await db
    .insertInto("reports")
    .values({ id, reference: `CR-${id.slice(0, 4).toUpperCase()}-${id.slice(4, 8).toUpperCase()}`, status: "new", scan_id: null, code_id: null, outcome: "unknown", code: "SECRETCODE2", product_id: products[0]!.id, batch_id: null, scan_country: "SA", scanned_at: created_at, seller: "A shop", city, country: "SA", purchased_on: "2026-01-01", contact: null, consent_at: null, photo_name: null, photo_type: null, photo_bytes: null, lang: "en", client_hash: "c", created_at, updated_at: created_at })
    .execute();
  return id;
}

describe("the daily digest", () => {
  it("lists the previous UTC day's alerts and reports once (10 lines each, then a count), per 'daily' member; nothing on an empty day", async () => {
    // The first test's members aside: only these want a digest.
    await (await getDb()).updateTable("admins").set({ notify: "off" }).where("username", "like", "notice-%").execute();
    await memberWith("digest-en", { notify: "daily" });
    await memberWith("digest-ar", { notify: "daily", lang: "ar", role: "viewer" });
    await memberWith("digest-disabled", { notify: "daily", disabled: true });
    for (let i = 0; i < 12; i++) await pastAlert(`2026-01-10T${String(i + 1).padStart(2, "0")}:00:00.000Z`);
    await pastAlert("2026-01-09T23:59:59.999Z"); // the day before: its own digest
    await pastAlert("2026-01-11T00:00:00.000Z"); // the day the job runs: tomorrow's digest
    const reportId = await pastReport("2026-01-10T12:00:00.000Z", "Dammam");

    onDailyJob("digest", sendDailyDigest);
    const db = await getDb();
    const before = sink.received.length;
    const ran = await runRetention(db, new Date("2026-01-11T00:30:00.000Z"));
    expect(ran.tasks.digest).toEqual({ digests: 2 });
    await sink.waitFor(before + 2);
    await settle();
    expect(sink.received).toHaveLength(before + 2);

    const [en] = sink.to("digest-en@example.com");
    expect(en!.text).toContain("12 new alerts");
    expect(en!.text).toContain("… and 2 more.");
    expect(en!.text).toContain("1 new counterfeit report");
    expect(en!.text).toContain(`http://localhost:3000/admin/dashboard/reports/${reportId}`);
    expect(en!.text).toContain("Dammam");
    expect(en!.text!.match(/\/admin\/dashboard\/alerts\/[0-9a-f-]{36}/g)).toHaveLength(10);
    expect(everything(en!)).not.toContain("SECRETCODE");
    const [ar] = sink.to("digest-ar@example.com");
    expect(ar!.html).toContain('dir="rtl"');
    expect(sink.to("digest-disabled@example.com")).toEqual([]);

    // The next day had one alert (at midnight): one digest each again; the day after, nothing: no mail.
    expect((await runRetention(db, new Date("2026-01-12T00:30:00.000Z"))).tasks.digest).toEqual({ digests: 2 });
    expect((await runRetention(db, new Date("2026-01-13T00:30:00.000Z"))).tasks.digest).toEqual({ digests: 0 });
    await sink.waitFor(before + 4);
    await settle();
    expect(sink.received).toHaveLength(before + 4);
    expect(sink.to("digest-en@example.com")[1]!.text).toContain("1 new alert");
  });
});
