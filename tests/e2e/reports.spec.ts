import { deflateSync } from "node:zlib";
import { signIn, settle } from "./admin-helpers";
import { grouped, insertCode } from "./db";
import { HYDRA } from "./catalog-helpers";
import { expect, expectNoAxeViolations, openIn, test, type Lang } from "./fixtures";
import { checkAs, CLIENTS, reportByReference, words } from "./shopper-checks";

/** A real PNG (a 24×16 red picture) with a text chunk a shopper's camera might have written. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const width = 24;
  const height = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([200, 40, 40]))])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("tEXt", Buffer.from("Author\u0000secret-camera-owner", "latin1")),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const lang of ["en", "ar"] as Lang[]) {
  const { p, r, v } = words[lang];

  test.describe(`brand protection: counterfeit reports (${lang})`, () => {
    test("a report with a photo, after a counterfeit answer, reaches the admin list; its status changes with a toast", async ({ page }) => {
      test.slow();
      const unknown = `ZQ${Date.now().toString(36).toUpperCase().slice(-6)}${lang === "ar" ? "A" : "E"}X`;
      await checkAs(page, lang, unknown, CLIENTS.cz);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAttribute("data-valid", "false");
      await dialog.getByRole("link", { name: v.dialog.report }).click();
      await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}\/report$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.title);
      await expect(page.getByTestId("report-check").getByTestId("code-token")).toHaveText(grouped(unknown));
      // The country of the check is the first guess.
      await expect(page.getByLabel(r.form.country)).toHaveValue("CZ");

      // Missing fields: the errors, and what was typed is kept.
      await page.getByLabel(r.form.seller).fill("Stall 12, <b>Old Market</b>");
      await page.getByRole("button", { name: r.form.submit }).click();
      await expect(page.getByTestId("report-error")).toContainText(r.form.summary);
      await expect(page.getByText(r.form.required).first()).toBeVisible();
      await expect(page.getByText(r.form.consentRequired)).toBeVisible();
      await expect(page.getByLabel(r.form.seller)).toHaveValue("Stall 12, <b>Old Market</b>");

      await page.getByLabel(r.form.city).fill("Brno");
      await page.getByLabel(r.form.purchasedOn).fill("2026-11-20");
      await page.getByLabel(r.form.contact).fill("+420 601 234 567");
      await page.getByLabel(r.form.photo).setInputFiles({ name: "pack.png", mimeType: "image/png", buffer: png() });
      await page.getByLabel(r.form.consent.slice(0, 12), { exact: false }).check();
      await page.getByRole("button", { name: r.form.submit }).click();

      const sent = page.getByTestId("report-sent");
      await expect(sent).toContainText(r.sent.title);
      const reference = (await page.getByTestId("report-reference").innerText()).trim();
      expect(reference).toMatch(/^CR-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await expect(page.getByTestId("toast").first()).toContainText(r.sent.toast);
      const stored = reportByReference(reference);
      expect(stored).toMatchObject({ status: "new", seller: "Stall 12, <b>Old Market</b>", photo_type: "image/png" });
      expect(stored?.photo_name).toMatch(/^[a-f0-9]{32}\.png$/);

      // The admin list shows it; its page shows the photo (only to admins), the check and the shopper's words, escaped.
      await signIn(page, lang, `/admin/dashboard/reports?lng=${lang}`);
      const row = page.locator(`tr[data-reference="${reference}"]`);
      await expect(row).toContainText("Stall 12, <b>Old Market</b>");
      await expect(row.getByTestId("report-status")).toHaveText(p.reports.statuses.new);
      await row.getByRole("link", { name: p.reports.viewLabel.replace("{{reference}}", reference) }).click();
      await settle(page);
      await expect(page.getByTestId("report-seller")).toContainText("Stall 12, <b>Old Market</b>");
      await expect(page.locator("b", { hasText: "Old Market" })).toHaveCount(0);
      const photo = page.getByTestId("report-photo");
      await expect(photo).toBeVisible();
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
      const photoUrl = await photo.getAttribute("src");
      const served = await page.request.get(photoUrl!);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(served.headers()["cache-control"]).toBe("no-store");
      expect((await served.body()).includes("secret-camera-owner")).toBe(false);
      const anonymous = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
      expect((await anonymous.request.get(photoUrl!, { maxRedirects: 0 })).status()).toBe(302);
      await anonymous.close();

      await page.getByLabel(p.reports.newStatus).selectOption("investigating");
      await page.getByLabel(p.reports.note).fill("Bought a sample at the stall.");
      await page.getByRole("button", { name: p.reports.save }).click();
      await expect(page.getByTestId("toast").first()).toContainText(p.reports.toast.updated);
      await expect(page.getByTestId("report-status")).toHaveText(p.reports.statuses.investigating);
      await expect(page.getByTestId("report-notes")).toContainText("Bought a sample at the stall.");
      expect(reportByReference(reference)?.status).toBe("investigating");
    });

    test("a genuine result has nothing to report; an unknown check gives a 404", async ({ page, jsEnabled }) => {
      const code = insertCode(HYDRA).code;
      await checkAs(page, lang, code, CLIENTS.us);
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      await expect(page.getByRole("link", { name: v.dialog.report })).toHaveCount(0);
      await openIn(page, `${new URL(page.url()).pathname}/report`, lang);
      await expect(page.getByText(r.errors.genuine_result)).toBeVisible();
      await expect(page.getByRole("button", { name: r.form.submit })).toHaveCount(0);
      const missing = await page.goto(`/verify/result/AAAAAAAAAAAAAAAAAAAAAA/report?lng=${lang}`);
      expect(missing?.status()).toBe(404);
      if (jsEnabled) {
        const unknown = `ZR${Date.now().toString(36).toUpperCase().slice(-6)}`;
        await checkAs(page, lang, unknown, CLIENTS.us);
        await page.getByRole("dialog").getByRole("link", { name: v.dialog.report }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.title);
        await expectNoAxeViolations(page);
      }
    });
  });
}
