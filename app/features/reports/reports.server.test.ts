import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { activeCode, checkFrom, member } from "../../../tests/unit/checks";
import { dayOf } from "~/platform/lib/days";
import { i18n } from "../../../tests/unit/i18n";
import { checkPhotoHeader, cleanPhoto, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, photoDir, readPhoto, sniffImageType } from "./photo.server";
import { changeReportStatus, createReport, isReference, listReports, reportNotes } from "./reports.server";
import { reportSchema, type ReportSubmission } from "./schemas";

process.env.REPORT_RATE_LIMIT = "4";

const ADMIN = member("admin-1", "investigator");
const t = await i18n("en", "report");
const today = dayOf(new Date());

beforeAll(async () => {
  await getDb();
});

/** A counterfeit answer to report: an unknown code checked by a shopper. */
async function counterfeitScan(client = `shopper-${Math.random()}`) {
  return checkFrom(`FAKE${Math.floor(Math.random() * 1e8)}`, client, "SA");
}

function submission(scanId: string, extra: Partial<ReportSubmission> = {}): ReportSubmission {
  return { scan_id: scanId, seller: "Corner Pharmacy", city: "Riyadh", country: "SA", purchased_on: today, contact: null, consent: true, website: undefined, ...extra };
}

const report = (scanId: string, photo: Uint8Array | null = null, clientHash = `reporter-${Math.random()}`, extra: Partial<ReportSubmission> = {}) =>
  createReport({ input: submission(scanId, extra), photo, lang: "en", clientHash });

async function reportCount() {
  const db = await getDb();
  return Number((await db.selectFrom("reports").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

const photoFiles = () => {
  try {
    return readdirSync(photoDir());
  } catch {
    return [];
  }
};

describe("report validation", () => {
  const parse = (raw: Record<string, unknown>, options?: Parameters<typeof reportSchema>[1]) => reportSchema(t, options).safeParse(raw);
  const valid = { scan_id: "x".repeat(22), seller: " Corner  Pharmacy ", city: "Riyadh", country: "sa", purchased_on: "2026-11-01", consent: "on" };
  const messages = (result: ReturnType<typeof parse>) => (result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message])));

  it("accepts a complete report, tidied: one-line text, an upper-case country, no contact", () => {
    const result = parse(valid, { today: "2026-11-23" });
    expect(result.success && result.data).toMatchObject({ seller: "Corner Pharmacy", country: "SA", purchased_on: "2026-11-01", contact: null, consent: true });
  });

  it("refuses a seller or city made only of invisible characters (decision 149)", () => {
    const invisible = "\u200B\u200D\u200E\u061C\u2060\u3164\uFFA0\u00AD\u{E0041}\u{E007F}\u0000\u202E";
    expect(messages(parse({ ...valid, seller: invisible, city: ` ${invisible} ` }, { today: "2026-11-23" }))).toEqual({ seller: t("form.required"), city: t("form.required") });
    const tidy = parse({ ...valid, seller: "Corner\u202E Pharmacy\u2069", city: "Ri\u200Byadh" }, { today: "2026-11-23" });
    expect(tidy.success && tidy.data).toMatchObject({ seller: "Corner Pharmacy", city: "Riyadh" });
  });

  it("refuses each malformed field with its own localized message", () => {
    expect(messages(parse({}, { today: "2026-11-23" }))).toMatchObject({
      seller: t("form.required"),
      city: t("form.required"),
      country: t("form.countryRequired"),
      purchased_on: t("form.dateRequired"),
      consent: t("form.consentRequired"),
    });
    expect(messages(parse({ ...valid, country: "XX" }))).toEqual({ country: t("form.countryInvalid") });
    expect(messages(parse({ ...valid, country: "Saudi Arabia" }))).toEqual({ country: t("form.countryInvalid") });
    expect(messages(parse({ ...valid, purchased_on: "2026-02-30" }))).toEqual({ purchased_on: t("form.dateInvalid") });
    expect(messages(parse({ ...valid, purchased_on: "21/11/2026" }))).toEqual({ purchased_on: t("form.dateInvalid") });
    expect(messages(parse({ ...valid, purchased_on: "2026-11-26" }, { today: "2026-11-23" }))).toEqual({ purchased_on: t("form.dateFuture") });
    expect(messages(parse({ ...valid, contact: "call me maybe" }))).toEqual({ contact: t("form.contactInvalid") });
    expect(messages(parse({ ...valid, seller: "x".repeat(121) }))).toEqual({ seller: t("form.sellerTooLong", { count: 120 }) });
  });

  it("takes a phone number or an e-mail address for a reply", () => {
    const contact = (value: string) => {
      const result = parse({ ...valid, contact: value });
      return result.success ? result.data.contact : null;
    };
    expect(contact("+966 50 123 4567")).toBe("+966 50 123 4567");
    expect(contact("Shopper@Example.COM")).toBe("shopper@example.com");
  });

  it("does not require the consent box from an API client", () => {
    const { consent: _consent, ...rest } = valid;
    const result = parse(rest, { requireConsent: false });
    expect(result.success && result.data.consent).toBe(false);
  });
});

describe("photo checks", () => {
  it("reads the type from the content, whatever the file claims", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#fff" } }).png().toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).webp().toBuffer();
    expect([jpeg, png, webp].map((b) => sniffImageType(b))).toEqual(["image/jpeg", "image/png", "image/webp"]);
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(svg)).toBeNull();
    expect(await cleanPhoto(svg)).toEqual({ ok: false, error: "photo_type" });
    // A JPEG signature on a truncated file: refused as unreadable.
    expect(await cleanPhoto(jpeg.subarray(0, 40))).toEqual({ ok: false, error: "photo_unreadable" });
  });

  it("strips the metadata and turns the picture upright", async () => {
    const original = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#c33" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(original.includes("secret-owner")).toBe(true);
    const cleaned = await cleanPhoto(original);
    if (!cleaned.ok) throw new Error(cleaned.error);
    const meta = await sharp(cleaned.value.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(cleaned.value.data.includes("secret-owner")).toBe(false);
    expect(cleaned.value.data.includes("PhoneCo")).toBe(false);
  });
});

/** A small JPEG whose header declares `width` × `height` (its frame header rewritten): what a bomb looks like. */
async function declaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#777" } }).jpeg().toBuffer();
  for (let at = 2; at < jpeg.length - 9; ) {
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error("no frame header");
}

describe("photo size in pixels", () => {
  it("is read from the header: a 20 KB file declaring 40 megapixels is refused undecoded, 16 megapixels pass the header", async () => {
    const bomb = await declaring(6400, 6200);
    expect(bomb.byteLength).toBeLessThan(20_000);
    const started = performance.now();
    expect(await checkPhotoHeader(bomb)).toEqual({ ok: false, error: "photo_too_many_pixels" });
    expect(await cleanPhoto(bomb)).toEqual({ ok: false, error: "photo_too_many_pixels" });
    expect(performance.now() - started).toBeLessThan(500);
    expect(MAX_PHOTO_PIXELS).toBe(16_000_000);
    expect(await checkPhotoHeader(await declaring(4000, 4000))).toEqual({ ok: true, value: "image/jpeg" });
    expect(await checkPhotoHeader(await declaring(4000, 4001))).toEqual({ ok: false, error: "photo_too_many_pixels" });
  });

  it("keeps at most 2000 pixels on the long side", async () => {
    const wide = await sharp({ create: { width: 3000, height: 200, channels: 3, background: "#468" } }).png().toBuffer();
    const cleaned = await cleanPhoto(wide);
    if (!cleaned.ok) throw new Error(cleaned.error);
    expect(await sharp(cleaned.value.data).metadata()).toMatchObject({ format: "png", width: 2000 });
  });
});

describe("creating a report", () => {
  it("stores a report linked to a counterfeit scan, with its photo under a random name, and gives a reference", async () => {
    const scan = await counterfeitScan();
    const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#3a3" } })
      .png()
      .withExif({ IFD0: { Copyright: "secret-owner" } })
      .toBuffer();
    const created = await report(scan.scanId, photo, "reporter-photo", { contact: "+966501234567" });
    if (!created.ok) throw new Error(created.error);
    expect(isReference(created.value.reference)).toBe(true);
    const db = await getDb();
    const row = await db.selectFrom("reports").selectAll().where("reference", "=", created.value.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ scan_id: scan.scanId, outcome: "unknown", code: scan.input, status: "new", scan_country: "SA", photo_type: "image/png", contact: "+966501234567" });
    expect(row.consent_at).toBeTruthy();
    expect(row.photo_name).toMatch(/^[a-f0-9]{32}\.png$/);
    const stored = await readPhoto(row.photo_name!);
    expect(stored && sniffImageType(stored)).toBe("image/png");
    expect(stored!.includes("secret-owner")).toBe(false);
    expect(readFileSync(join(photoDir(), row.photo_name!)).equals(stored!)).toBe(true);
  });

  it("refuses an unknown scan, a genuine result, an oversize or non-image photo, and stores nothing", async () => {
    const before = await reportCount();
    const files = photoFiles().length;
    expect(await report("AAAAAAAAAAAAAAAAAAAAAA")).toMatchObject({ ok: false, error: "scan_not_found" });
    expect(await report("not a scan id")).toMatchObject({ ok: false, error: "scan_not_found" });
    const { code } = await activeCode();
    const genuine = await checkFrom(code, "happy-shopper");
    expect(await report(genuine.scanId)).toMatchObject({ ok: false, error: "genuine_result" });

    const scan = await counterfeitScan();
    const huge = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await report(scan.scanId, huge)).toMatchObject({ ok: false, error: "photo_too_large" });
    expect(await report(scan.scanId, Buffer.from("just some text, named photo.jpg"))).toMatchObject({ ok: false, error: "photo_type" });
    expect(await report(scan.scanId, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]))).toMatchObject({
      ok: false,
      error: "photo_unreadable",
    });
    expect(await reportCount()).toBe(before);
    expect(photoFiles()).toHaveLength(files);
  });

  it("answers a filled honeypot like a success and stores nothing; limits each client per hour", async () => {
    const scan = await counterfeitScan();
    const before = await reportCount();
    const trapped = await report(scan.scanId, null, "bot", { website: "http://spam.example" });
    expect(trapped.ok && isReference(trapped.value.reference)).toBe(true);
    expect(await reportCount()).toBe(before);

    for (let i = 0; i < 4; i++) expect((await report(scan.scanId, null, "eager-client")).ok).toBe(true);
    expect(await report(scan.scanId, null, "eager-client")).toMatchObject({ ok: false, error: "rate_limited" });
    expect(await reportCount()).toBe(before + 4);
  });

  it("asks the limit first: refused reports count, and a client past its limit has no photo looked at", async () => {
    const scan = await counterfeitScan();
    const bomb = await declaring(6400, 6200);
    for (let i = 0; i < 2; i++) expect(await report(scan.scanId, bomb, "bomb-client")).toMatchObject({ ok: false, error: "photo_too_many_pixels" });
    expect(await report("AAAAAAAAAAAAAAAAAAAAAA", null, "bomb-client")).toMatchObject({ ok: false, error: "scan_not_found" });
    expect(await report(scan.scanId, bomb, "bomb-client")).toMatchObject({ ok: false, error: "photo_too_many_pixels" });
    expect(await report(scan.scanId, bomb, "bomb-client")).toMatchObject({ ok: false, error: "rate_limited", retryAfterSeconds: expect.any(Number) });
    expect(await report(scan.scanId, null, "bomb-client")).toMatchObject({ ok: false, error: "rate_limited" });
  });
});

describe("report status", () => {
  it("moves new → investigating → closed with notes, never back to new", async () => {
    const scan = await counterfeitScan();
    const created = await report(scan.scanId);
    if (!created.ok) throw new Error(created.error);
    const id = created.value.report!.id;
    expect(await changeReportStatus(id, "investigating", "Called the pharmacy", ADMIN)).toMatchObject({ ok: true, value: { status: "investigating" } });
    expect(await changeReportStatus(id, "investigating", null, ADMIN)).toMatchObject({ ok: false, error: "report_transition" });
    expect(await changeReportStatus(id, "investigating", "Sample bought", ADMIN)).toMatchObject({ ok: true });
    expect(await changeReportStatus(id, "new", null, ADMIN)).toMatchObject({ ok: false, error: "report_transition" });
    expect(await changeReportStatus(id, "closed", null, ADMIN)).toMatchObject({ ok: true, value: { status: "closed" } });
    expect(await changeReportStatus("no-such-report", "closed", null, ADMIN)).toMatchObject({ ok: false, error: "report_not_found" });
    const notes = await reportNotes(id);
    expect(notes.map((n) => [n.status_from, n.status_to, n.note, n.author])).toEqual([
      ["investigating", "closed", null, "investigator"],
      ["investigating", "investigating", "Sample bought", "investigator"],
      ["new", "investigating", "Called the pharmacy", "investigator"],
    ]);
    const closed = await listReports({ status: "closed" }, 1);
    expect(closed.items.map((r) => r.id)).toContain(id);
  });
});
