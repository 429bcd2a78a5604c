import type { APIRequestContext } from "@playwright/test";
import { products } from "../../app/platform/catalog/products";
import arBatches from "../../locales/ar/batches";
import arCatalog from "../../locales/ar/catalog";
import arReport from "../../locales/ar/report";
import arVerify from "../../locales/ar/verify";
import enBatches from "../../locales/en/batches";
import enCatalog from "../../locales/en/catalog";
import enReport from "../../locales/en/report";
import enVerify from "../../locales/en/verify";
import { newUid, tap } from "../unit/tags";
import { api, apiToken, signIn } from "./admin-helpers";
import { expect, expectNoAxeViolations, openIn, test, type Lang } from "./fixtures";
import { recallParts } from "../unit/recall-parts";

// Issue 41, NFC tags (NTAG 424 DNA, Secure Unique NFC): a run made through the API, its tags keyed
// from the encoder's file, a tag's tap (its URL with `e` and `c`) opened in the browser: genuine with
// the product, lot and best-before; the same URL again a copied link with the report form; a recalled
// lot's tap with the brand's notice; the companion QR (the lot's link without `e`/`c`) on the product's
// page and on the run's page. With and without JavaScript (the projects), in English and Arabic.

const dict = { en: { v: enVerify, c: enCatalog, b: enBatches, r: enReport }, ar: { v: arVerify, c: arCatalog, b: arBatches, r: arReport } } as const;
const product = products[1]!;
const gtin14 = product.gtin.padStart(14, "0");

type Tag = { uid: string; metaReadKey: string; fileReadKey: string; template: string };

/** An NFC run of `count` tags made through the API; its tags and their keys read from the encoder's file. */
async function nfcRun(request: APIRequestContext, count = 2): Promise<{ batchId: string; lot: string; tags: Tag[] }> {
  const lot = `NF-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const uids = Array.from({ length: count }, newUid);
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, lot, best_before: "2029-03-31", label: "nfc", uids });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const batchId = created.body.data.batch.id as string;
  const csv = await request.get(`/api/v1/batches/${batchId}/nfc.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  expect(header).toEqual(["uid", "meta_read_key", "file_read_key", "url_template"]);
  const tags = rows.map(([uid, metaReadKey, fileReadKey, template]) => ({ uid: uid!, metaReadKey: metaReadKey!, fileReadKey: fileReadKey!, template: template! }));
  expect(tags.map((t) => t.uid).sort()).toEqual(uids.sort());
  return { batchId, lot, tags };
}

/** The path a tag's URL has on its tap with `counter`: the encoder's template with the tag's mirrored `e` and `c`. */
function tapPath(tag: Tag, counter: number): string {
  const { e, c } = tap(tag, counter);
  const url = new URL(tag.template.replace("{PICCData}", e).replace("{SDMMAC}", c));
  return `${url.pathname}${url.search}`;
}

/** A "tapped n times since {{date}}" sentence up to its date. */
const sinceOf = (sentence: string) => sentence.split("{{date}}")[0]!.replace("{{n}}", "1").trim();

const name = (lang: Lang) => (lang === "ar" ? product.nameAr : product.name);

for (const lang of ["en", "ar"] as const) {
  const { v, c, b, r } = dict[lang];

  test.describe(`NFC tags (${lang})`, () => {
    test("a tap is genuine (product, lot, best-before, taps since); the same link again is a copied link with the report form", async ({ page, request }) => {
      const { lot, tags } = await nfcRun(request);
      const tag = tags[0]!;
      const path = tapPath(tag, 1);
      expect(path).toMatch(new RegExp(`^/01/${gtin14}/10/${lot}\\?e=[0-9A-F]{32}&c=[0-9A-F]{16}$`));

      const response = await openIn(page, path, lang);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      await expect(page).toHaveURL(/\/tap\/[A-Za-z0-9_-]{22}\?lng=(en|ar)$/);
      const genuine = page.url();
      const card = page.getByTestId("tap");
      await expect(card).toHaveAttribute("data-state", "genuine");
      await expect(page.getByTestId("tap-title")).toHaveText(v.tap.genuineTitle);
      await expect(page.getByTestId("tap-message")).toContainText(v.tap.genuine);
      await expect(page.getByTestId("tap-message")).toHaveAttribute("data-tone", "valid");
      await expect(page.getByTestId("tap-product")).toContainText(name(lang));
      await expect(page.getByTestId("tap-lot")).toHaveText(lot);
      await expect(page.getByTestId("tap-lot")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("tap-best-before")).toContainText("2029");
      await expect(page.getByTestId("tap-history")).toContainText(sinceOf(v.tap.tapsSince_one));
      await expect(page.getByTestId("tap-report")).toHaveCount(0);
      await expectNoAxeViolations(page);
      // On the narrowest phone the page is never wider than its screen (widths.spec.ts measures the other tap pages).
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

      // The tag tapped again: a fresh counter, genuine again, the second tap.
      await openIn(page, tapPath(tag, 2), lang);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "genuine");
      await expect(page.getByTestId("tap-history")).toContainText(sinceOf(lang === "en" ? v.tap.tapsSince_other.replace("{{n}}", "2") : arVerify.tap.tapsSince_two));

      // A reload of the first answer shows it unchanged (it never taps again).
      await page.goto(genuine);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "genuine");
      await expect(page.getByTestId("tap-history")).toContainText(sinceOf(v.tap.tapsSince_one));

      // The first URL opened again, as a copied link is: replayed, the report link, the real tag's first tap.
      await openIn(page, path, lang);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "replayed");
      await expect(page.getByTestId("tap-title")).toHaveText(v.tap.replayedTitle);
      await expect(page.getByTestId("tap-message")).toContainText(v.tap.replayed);
      await expect(page.getByTestId("tap-message")).toHaveAttribute("data-tone", "invalid");
      await expect(page.getByTestId("tap-product")).toContainText(name(lang));
      await expect(page.getByTestId("tap-history")).toContainText(v.tap.firstTap.split("{{date}}")[0]!.trim());
      await expectNoAxeViolations(page);
      await page.getByTestId("tap-report").click();
      await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}\/report(\?.*)?$/);
      await expect(page.getByRole("button", { name: r.form.submit })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a recalled lot's tap says genuine but recalled, with the notice; a forged one and a link no tag makes say so", async ({ page, request }) => {
      const { batchId, tags } = await nfcRun(request, 1);
      const recalled = await api(request, "POST", `/api/v1/batches/${batchId}/recall/`, { notice_en: "Do not use this lot.", notice_ar: "لا تستخدمي هذه الدفعة.", ...recallParts });
      expect(recalled.status, JSON.stringify(recalled.body)).toBe(201);
      await openIn(page, tapPath(tags[0]!, 5), lang);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "recalled");
      await expect(page.getByTestId("tap-title")).toHaveText(v.tap.recalledTitle);
      // The kit's recall notice, a landmark named by its heading on this page.
      await expect(page.getByRole("complementary", { name: v.dialog.recallHeading })).toHaveAttribute("data-testid", "recall-notice");
      await expect(page.getByTestId("recall-text")).toHaveText(lang === "en" ? "Do not use this lot." : "لا تستخدمي هذه الدفعة.");
      // The EU recall notice's parts (decision 191): the hazard, "stop using", the remedy.
      await expect(page.getByTestId("recall-hazard")).toContainText(lang === "en" ? recallParts.hazard_en : recallParts.hazard_ar);
      await expect(page.getByTestId("recall-remedy")).toContainText(lang === "en" ? recallParts.remedy_en : recallParts.remedy_ar);
      await expect(page.getByTestId("recall-stop")).toHaveText(v.dialog.recallStop);
      await expectNoAxeViolations(page);

      // The tag's `c` altered: not one of our tags' signatures.
      const forged = tapPath(tags[0]!, 6).replace(/c=([0-9A-F])/, (_, first: string) => `c=${first === "0" ? "1" : "0"}`);
      await openIn(page, forged, lang);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "bad_mac");
      await expect(page.getByTestId("tap-message")).toContainText(v.tap.badMac);
      await expect(page.getByTestId("tap-product")).toHaveCount(0);
      await expect(page.getByTestId("tap-report")).toBeVisible();

      const malformed = await openIn(page, `/01/${gtin14}/10/ANYLOT?e=XYZ&c=12`, lang);
      expect(malformed?.status()).toBe(400);
      await expect(page.getByTestId("tap")).toHaveAttribute("data-state", "malformed");
      await expect(page.getByTestId("tap-message")).toContainText(v.tap.malformed);
      await expectNoAxeViolations(page);
    });

    test("the companion QR's link opens the product's page asking for a tap; the run's page shows that QR and the encoder's file", async ({ page, request }) => {
      const { batchId, lot } = await nfcRun(request, 1);
      await openIn(page, `/01/${gtin14}/10/${lot}`, lang);
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?tap=1&lng=${lang}$`));
      await expect(page.getByTestId("tap-the-tag")).toContainText(c.product.tapTitle);
      await expect(page.getByTestId("tap-the-tag")).toContainText(c.product.tapText);
      await expectNoAxeViolations(page);

      await signIn(page, lang, `/admin/dashboard/batches/${batchId}?lng=${lang}`);
      const companion = page.getByTestId("companion-qr");
      await expect(companion).toContainText(b.downloads.companionTitle);
      await expect(companion.getByRole("img", { name: b.downloads.companionAlt })).toBeVisible();
      await expect(page.getByTestId("companion-url")).toHaveText(new RegExp(`/01/${gtin14}/10/${lot}$`));
      await expect(page.getByTestId("download-nfc")).toBeVisible();
      await expect(page.getByTestId("download-csv")).toHaveCount(0);
      await expect(page.getByTestId("download-zip")).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
