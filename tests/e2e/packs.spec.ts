import type { APIRequestContext, Page } from "@playwright/test";
import { products } from "../../app/platform/catalog/products";
import { gtinCheckDigit } from "../../app/platform/codes/digital-link";
import arResolver from "../../locales/ar/resolver";
import arVerify from "../../locales/ar/verify";
import enResolver from "../../locales/en/resolver";
import enVerify from "../../locales/en/verify";
import { api, apiToken, formatted } from "./admin-helpers";
import { expect, expectNoAxeViolations, fraudNotice, openIn, test, type Lang } from "./fixtures";

// Issue 27, the shopper's side of a two-part run: the pack page its GS1 Digital Link QR code opens,
// the PIN redeemed once, a second shopper told the pack was verified, a revoked run's pack, the
// product's GTIN and a malformed link.

const dict = { en: enVerify, ar: arVerify } as const;
const resolverWords = { en: enResolver, ar: arResolver } as const;
const product = products[0]!;
const gtin14 = product.gtin.padStart(14, "0");

type Pack = { serial: string; pin: string; path: string };

/** A two-part run made through the API, and its packs read from its printer's CSV (pack_serial, pin, dl_url). */
async function packRun(request: APIRequestContext, quantity = 3): Promise<{ batchId: string; lot: string; packs: Pack[] }> {
  const lot = `PK-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, quantity, lot, best_before: "2029-01-31", label: "two_part" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const batchId = created.body.data.batch.id as string;
  const csv = await request.get(`/api/v1/batches/${batchId}/codes.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  expect(header!.slice(0, 4)).toEqual(["serial", "pack_serial", "pin", "dl_url"]);
  const packs = rows.map(([, serial, pin, dlUrl]) => {
    const url = new URL(dlUrl!);
    return { serial: serial!, pin: pin!, path: `${url.pathname}${url.search}` };
  });
  expect(packs[0]!.path).toBe(`/01/${gtin14}/10/${lot}/21/${packs[0]!.serial}?17=290131`);
  return { batchId, lot, packs };
}

const tail = (sentence: string) => sentence.slice(sentence.indexOf(").") + 2).trim();
const counterfeit = (lang: Lang, serial: string) => dict[lang].result.invalid.replace("{{code}}", formatted(serial));

async function redeem(page: Page, lang: Lang, pin: string) {
  await page.getByLabel(dict[lang].pack.pinLabel).fill(pin);
  await page.getByRole("button", { name: dict[lang].pack.submit }).click();
  await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
  return page.getByRole("dialog");
}

for (const lang of ["en", "ar"] as const) {
  const v = dict[lang];

  test.describe(`two-part packs (${lang})`, () => {
    test("the QR's page shows a sealed pack; its PIN redeems once (genuine); a second shopper is told it was verified", async ({ page, request, browser, baseURL, jsEnabled }) => {
      const { lot, packs } = await packRun(request);
      const pack = packs[0]!;
      const response = await openIn(page, pack.path, lang);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      expect(response?.headers()["cache-control"]).toBe("private, no-cache");
      const card = page.getByTestId("pack");
      await expect(card).toHaveAttribute("data-state", "sealed");
      await expect(card).toContainText(lang === "ar" ? product.nameAr : product.name);
      await expect(page.getByTestId("pack-serial")).toHaveText(formatted(pack.serial));
      await expect(page.getByTestId("pack-serial")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("pack-lot")).toHaveText(lot);
      await expect(page.getByTestId("pack-message")).toHaveText(v.pack.sealed);
      const pin = page.getByLabel(v.pack.pinLabel);
      await expect(pin).toHaveAttribute("autocomplete", "off");
      await expect(pin).toHaveAttribute("dir", "ltr");
      await expectNoAxeViolations(page);

      // The PIN as the CSV gives it for the panel, grouped in threes (ABC-DEF-GHJ, decision 165).
      expect(pack.pin).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{3}$/);
      const dialog = await redeem(page, lang, pack.pin);
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByTestId("code-token")).toHaveText(formatted(pack.serial));
      await expect(dialog.getByTestId("verify-lot")).toHaveText(lot);
      await expect(dialog.getByTestId("verify-best-before")).toContainText("2029");

      // The buyer opens the pack's page again: "you redeemed this pack on …", not the copy warning.
      await openIn(page, pack.path, lang);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "verified");
      await expect(page.getByTestId("pack-message")).toHaveAttribute("data-tone", "valid");
      await expect(page.getByTestId("pack-message")).toContainText(v.pack.own.split("{{date}}")[1]!.trim().slice(0, 20));
      await expect(page.getByTestId("report-link")).toHaveCount(0);

      // Another shopper scans the same label: verified, "do not buy it", and the report link.
      const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
      try {
        const second = await other.newPage();
        await second.addLocatorHandler(fraudNotice(second), (notice) => notice.getByTestId("fraud-notice-close").click());
        await openIn(second, pack.path, lang);
        await expect(second.getByTestId("pack")).toHaveAttribute("data-state", "verified");
        await expect(second.getByTestId("pack-message")).toContainText(tail(v.pack.verified));
        await expect(second.getByTestId("pack-message")).toContainText(v.pack.unknownCountry);
        await expect(second.getByTestId("report-link")).toHaveAttribute("href", /^\/verify\/result\/[A-Za-z0-9_-]{22}\/report$/);
        await expect(second.getByLabel(v.pack.pinLabel)).toHaveCount(0);
        // A page opened before the purchase still posts the PIN (a stale tab): the answer is the
        // counterfeit one, with when the pack's PIN was first entered (in a pack's words).
        const stale = await other.request.post(pack.path, { form: { pin: pack.pin }, headers: { origin: baseURL! }, maxRedirects: 0 });
        expect(stale.status()).toBe(302);
        await second.goto(stale.headers().location!);
        const used = second.getByRole("dialog");
        await expect(used).toHaveAttribute("data-valid", "false");
        await expect(used.getByTestId("first-verified")).toContainText(v.dialog.packFirstVerified.split("{{date}}")[1]!.trim().slice(0, 30));
      } finally {
        await other.close();
      }
    });

    test("a wrong PIN is a typo at 320 px: the form stays, what to check and the tries left, never counterfeit; the right PIN still redeems", async ({ page, request }) => {
      await page.setViewportSize({ width: 320, height: 568 });
      const { packs } = await packRun(request);
      const [pack] = packs;
      await openIn(page, pack!.path, lang);
      await page.getByRole("button", { name: v.pack.submit }).click();
      await expect(page.getByTestId("pack-pin-error")).toHaveText(v.pack.pinEmpty);
      const wrong = `${pack!.pin[0] === "A" ? "B" : "A"}${pack!.pin.slice(1)}`;
      await page.getByLabel(v.pack.pinLabel).fill(wrong);
      await page.getByRole("button", { name: v.pack.submit }).click();
      const notice = page.getByTestId("pack-pin-notice");
      await expect(notice).toContainText(v.result.wrongPin_other.split("{{code}}")[0]!.trim());
      await expect(notice).toContainText(formatted(pack!.serial));
      await expect(notice).toContainText(lang === "en" ? "4 tries left" : "4 محاولات");
      await expect(notice).toBeInViewport();
      await expect(notice).toBeFocused();
      // Never the counterfeit answer, never "return the product"; no result dialog; the PIN stays to correct.
      await expect(page).toHaveURL(/\/21\//);
      await expect(page.getByTestId("verify-dialog")).toHaveCount(0);
      await expect(page.locator("main")).not.toContainText(lang === "en" ? "counterfeit" : "مقلّد");
      await expect(page.locator("main")).not.toContainText(lang === "en" ? "return this product" : "إعادة هذا المنتج");
      await expect(page.getByLabel(v.pack.pinLabel)).toHaveValue(wrong);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "sealed");
      await expectNoAxeViolations(page);
      const dialog = await redeem(page, lang, pack!.pin);
      await expect(dialog).toHaveAttribute("data-valid", "true");
    });

    test("a PIN typed on /verify at 390 px is known by its shape: scan the QR or type the serial, never counterfeit; the serial opens the pack", async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const { packs } = await packRun(request);
      const [pack, typed] = packs;
      await openIn(page, "/verify", lang);
      await page.getByLabel(v.form.label).fill(pack!.pin);
      await page.getByRole("button", { name: v.form.submit }).click();
      const notice = page.getByTestId("verify-pin-notice");
      await expect(notice).toHaveText(v.pin.message);
      await expect(notice).toBeInViewport();
      await expect(page.getByTestId("verify-dialog")).toHaveCount(0);
      await expect(page.getByTestId("verify-banner")).toHaveCount(0);
      await expect(page.locator("main")).not.toContainText(v.dialog.invalidTitle);
      // The field is right there, empty, for the serial; the scanner's button too (with JavaScript).
      await expect(page.getByLabel(v.form.label)).toHaveValue("");
      await expectNoAxeViolations(page);
      // Nothing was used up: the pack is still sealed, its PIN still redeems on its page.
      await page.getByLabel(v.form.label).fill(typed!.serial.toLowerCase());
      await page.getByRole("button", { name: v.form.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/21/${typed!.serial}\\?17=290131$`));
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "sealed");
      await openIn(page, pack!.path, lang);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "sealed");
    });

    test("a revoked run's pack answers as a revoked code; the GTIN alone opens the product, an unknown one is counterfeit; a malformed link is 400", async ({ page, request }) => {
      const { batchId, packs } = await packRun(request, 1);
      const revoked = await api(request, "POST", `/api/v1/batches/revoke/${batchId}/`, { reason: "stolen" });
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
      await openIn(page, packs[0]!.path, lang);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "revoked");
      await expect(page.getByTestId("pack-message")).toContainText(counterfeit(lang, packs[0]!.serial));
      await expect(page.getByTestId("report-link")).toBeVisible();

      await openIn(page, `/01/${gtin14}`, lang);
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?lng=${lang}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? product.nameAr : product.name);
      // A GTIN of no product of ours: the counterfeit answer, with the report link.
      const unknownGtin = `0952654399999${gtinCheckDigit("0952654399999")}`;
      await openIn(page, `/01/${unknownGtin}`, lang);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "unknown");
      await expect(page.getByTestId("report-link")).toHaveAttribute("href", /^\/verify\/result\/[A-Za-z0-9_-]{22}\/report$/);

      const badCheckDigit = `${gtin14.slice(0, 13)}${(Number(gtin14.at(-1)) + 1) % 10}`;
      const malformed = await page.goto(`/01/${badCheckDigit}/10/LOT1/21/${packs[0]!.serial}?lng=${lang}`);
      // It breaks GS1's grammar: 400, with what is wrong in the page's language (decision 190).
      expect(malformed?.status()).toBe(400);
      await expect(page.getByTestId("bad-link-reason")).toHaveText(resolverWords[lang].faults.gtin);
    });
  });
}
