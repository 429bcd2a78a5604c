import type { APIRequestContext, Page } from "@playwright/test";
import { products } from "../../app/platform/catalog/products";
import arCatalog from "../../locales/ar/catalog";
import arVerify from "../../locales/ar/verify";
import enCatalog from "../../locales/en/catalog";
import enVerify from "../../locales/en/verify";
import { api, apiToken } from "./admin-helpers";
import { getCode, grouped } from "./db";
import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";

// Issue 28, recalls (decision 153): a recalled run's code answers "genuine, recalled" in amber with the
// brand's notice in the page's language, and the product's page shows the recall while it is open.
// Issue 40 (decisions 191-193): the notice reads as the EU recall notice (heading, GTIN and lot, hazard,
// "stop using this product", remedy) on the result, the pack page, the product page and the lot's recall
// status page; the product page shows its EU label; product and pack pages carry JSON-LD the page's CSP lets be.

const dict = { en: { v: enVerify, c: enCatalog }, ar: { v: arVerify, c: arCatalog } } as const;
const product = products[2]!;
const gtin14 = product.gtin.padStart(14, "0");
const notices = {
  notice_en: "Contamination found in this lot.\nStop using it and return it to the shop.",
  notice_ar: "وُجد تلوّث في هذه الدفعة.\nيُرجى التوقّف عن استخدامه وإعادته إلى المتجر.",
  hazard_en: "The lotion may contain bacteria that can cause a skin infection.",
  hazard_ar: "قد يحتوي اللوشن على بكتيريا قد تسبّب عدوى جلدية.",
  remedy_en: "Return it to the shop for a full refund, or contact us for a free replacement.",
  remedy_ar: "يمكنكِ إعادته إلى المتجر واسترداد ثمنه كاملًا، أو التواصل معنا لاستبداله مجانًا.",
};

/** A run of two packs (single codes, or two-part packs), recalled through the API; its codes or pack paths read from its printer's CSV. */
async function recalledRun(request: APIRequestContext, label: "single" | "two_part" = "single") {
  const lot = `RC-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, quantity: 2, lot, label });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const batchId = created.body.data.batch.id as string;
  const recalled = await api(request, "POST", `/api/v1/batches/${batchId}/recall/`, notices);
  expect(recalled.status, JSON.stringify(recalled.body)).toBe(201);
  const csv = await request.get(`/api/v1/batches/${batchId}/codes.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  if (label === "two_part") return { batchId, lot, codes: rows.map((row) => new URL(row[header!.indexOf("dl_url")]!).pathname) };
  expect(header!.slice(0, 2)).toEqual(["serial", "code"]);
  return { batchId, lot, codes: rows.map((row) => row[1]!.replace(/-/g, "")) };
}

/** The CSP violations the browser reports on a page from now on (its console; with JavaScript also the DOM event). */
function cspViolations(page: Page): () => Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return async () => seen;
}

/** The page's JSON-LD, parsed. */
async function jsonLdOf(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null") as Record<string, unknown>;
}

for (const lang of ["en", "ar"] as const) {
  const { v, c } = dict[lang];

  test(`a recalled result opens on its title at 320 and 390 px; the toast never covers its button; the product's recall is on the first screen (${lang})`, async ({ page, request, jsEnabled }) => {
    const { batchId, lot, codes } = await recalledRun(request);
    try {
      for (const [i, size] of [{ width: 320, height: 568 }, { width: 390, height: 844 }].entries()) {
        await page.setViewportSize(size);
        await openIn(page, "/verify", lang);
        await page.getByLabel(v.form.label).fill(grouped(codes[i]!));
        await page.getByRole("button", { name: v.form.submit }).click();
        await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
        const dialog = page.getByTestId("verify-dialog");
        const title = dialog.getByRole("heading", { name: v.dialog.recalledTitle });
        await expect(title).toBeInViewport();
        if (jsEnabled) await expect(title).toBeFocused();
        expect(await dialog.evaluate((el) => el.scrollTop), `${size.width} px`).toBe(0);
        // The toast says what the dialog says: it steps aside, so the dialog's one button is never under it.
        await expect(page.getByTestId("toast")).toBeHidden();
        const okay = dialog.getByRole("button", { name: v.dialog.okay });
        await okay.scrollIntoViewIfNeeded();
        await okay.click();
        await expect(dialog).toBeHidden();

        // The latest recall opens the page's first screen. The other tests here recall this product too, at
        // the same time on other workers: the one in view may be theirs, so ours is asked to be listed.
        await openIn(page, `/product/${product.id}?tab=description`, lang);
        const recalls = page.getByTestId("product-recall");
        await expect(recalls.first()).toBeInViewport();
        await expect(recalls.filter({ hasText: lot })).toHaveCount(1);
      }
    } finally {
      expect((await api(request, "POST", `/api/v1/batches/${batchId}/recall/lift/`)).status).toBe(200);
    }
  });
  const notice = lang === "ar" ? notices.notice_ar : notices.notice_en;

  test(`a recalled run's code is genuine, recalled (amber, the EU recall notice); the product page and the lot's Digital Link show the recall (${lang})`, async ({ page, request }) => {
    const { batchId, lot, codes } = await recalledRun(request);
    try {
      const code = codes[0]!;
      await openIn(page, "/verify", lang);
      await page.getByLabel(v.form.label).fill(grouped(code));
      await page.getByRole("button", { name: v.form.submit }).click();
      await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
      // The toast is amber too, titled as the answer: genuine, but recalled.
      const toast = page.getByTestId("toast");
      await expect(toast).toHaveAttribute("data-type", "warning");
      await expect(toast).toContainText(v.dialog.recalledTitle);

      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAttribute("data-tone", "recalled");
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByRole("heading", { name: v.dialog.recalledTitle })).toBeVisible();
      await expect(dialog.getByTestId("recall-text")).toHaveText(notice);
      await expect(dialog.getByTestId("recall-notice")).toContainText(v.dialog.recallWhatToDo);
      // The EU recall notice's parts (decision 191), in the page's language.
      await expect(dialog.getByTestId("recall-heading")).toHaveText(v.dialog.recallHeading);
      await expect(dialog.getByTestId("recall-hazard")).toHaveText(notices[`hazard_${lang}`]);
      await expect(dialog.getByTestId("recall-stop")).toHaveText(v.dialog.recallStop);
      await expect(dialog.getByTestId("recall-remedy")).toHaveText(notices[`remedy_${lang}`]);
      await expect(dialog.getByTestId("recall-gtin")).toHaveText(gtin14);
      await expect(dialog.getByTestId("recall-lot")).toHaveText(lot);
      await expect(dialog.getByTestId("recall-lot")).toHaveAttribute("dir", "ltr");
      await expect(dialog.getByTestId("verify-lot")).toHaveText(lot);
      await expect(dialog.getByTestId("verify-lot")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("verify-banner")).toHaveAttribute("data-tone", "recalled");
      await expectNoAxeViolations(page);
      // Consumed like any genuine check.
      expect(getCode(code)?.status).toBe("expired");
      expect(getCode(code)?.verified_at).toBeTruthy();

      // The product's page (a query beside ?lng= is never served from the page cache).
      const violations = cspViolations(page);
      await openIn(page, `/product/${product.id}?tab=description`, lang);
      const banner = page.getByTestId("product-recall").filter({ hasText: lot });
      await expect(banner).toContainText(c.product.recalled.split("{{")[0]!.trim());
      await expect(banner.locator('bdi[dir="ltr"]', { hasText: lot })).toBeVisible();
      await expect(banner).toContainText(notice.split("\n")[0]!);
      await expect(banner.getByTestId("product-recall-heading")).toHaveText(c.product.recallHeading);
      await expect(banner.getByTestId("product-recall-gtin")).toHaveText(gtin14);
      await expect(banner.locator("img")).toHaveAttribute("src", product.images[0]!);
      for (const text of [notices[`hazard_${lang}`], c.product.recallStop, notices[`remedy_${lang}`], lang === "ar" ? product.nameAr : product.name]) await expect(banner).toContainText(text);
      // Its EU label (decision 192), and its JSON-LD (decision 193): a Product that names the recall.
      await expect(page.locator("#ingredients")).toContainText(c.label.ingredients);
      await expect(page.getByTestId("label-ingredients")).toContainText("Aqua");
      await expect(page.locator("#safety")).toContainText(c.label.responsible);
      const productLd = await jsonLdOf(page);
      expect(productLd).toMatchObject({ "@type": "Product", name: lang === "ar" ? product.nameAr : product.name, gtin: gtin14 });
      expect(JSON.stringify(productLd.subjectOf)).toContain(`/recalls/01/${gtin14}/10/${lot}`);
      await expectNoAxeViolations(page);

      // The lot's GS1 Digital Link goes to its recall notice first (its query passed on, ?lng= with it).
      await openIn(page, `/01/${gtin14}/10/${lot}`, lang);
      await expect(page).toHaveURL(new RegExp(`/recalls/01/${gtin14}/10/${lot}\\?lng=${lang}$`));
      await expect(page.getByTestId("recall-status")).toHaveAttribute("data-recalled", "true");
      await expect(page.getByTestId("product-recall-heading")).toHaveText(c.product.recallHeading);
      await expect(page.getByTestId("product-recall")).toContainText(notices[`remedy_${lang}`]);
      await expectNoAxeViolations(page);
      expect(await violations()).toEqual([]);
    } finally {
      expect((await api(request, "POST", `/api/v1/batches/${batchId}/recall/lift/`)).status).toBe(200);
    }
  });

  test(`a recalled pack's page reads as the EU recall notice; its JSON-LD is an IndividualProduct the CSP lets be (${lang})`, async ({ page, request }) => {
    const { batchId, lot, codes } = await recalledRun(request, "two_part");
    try {
      const violations = cspViolations(page);
      await openIn(page, codes[0]!, lang);
      await expect(page.getByTestId("pack")).toHaveAttribute("data-state", "sealed");
      const recall = page.getByTestId("recall-notice");
      await expect(recall.getByTestId("recall-heading")).toHaveText(v.dialog.recallHeading);
      await expect(recall.getByTestId("recall-gtin")).toHaveText(gtin14);
      await expect(recall.getByTestId("recall-lot")).toHaveText(lot);
      await expect(recall.getByTestId("recall-hazard")).toHaveText(notices[`hazard_${lang}`]);
      await expect(recall.getByTestId("recall-stop")).toHaveText(v.dialog.recallStop);
      await expect(recall.getByTestId("recall-remedy")).toHaveText(notices[`remedy_${lang}`]);
      await expect(recall.getByTestId("recall-text")).toHaveText(notice);
      const packLd = await jsonLdOf(page);
      expect(packLd).toMatchObject({ "@type": "IndividualProduct", serialNumber: codes[0]!.split("/").at(-1), "gs1:hasBatchLotNumber": lot, gtin: gtin14 });
      expect(JSON.stringify(packLd.additionalProperty)).toContain('"recalled"');
      await expectNoAxeViolations(page);
      expect(await violations()).toEqual([]);
    } finally {
      expect((await api(request, "POST", `/api/v1/batches/${batchId}/recall/lift/`)).status).toBe(200);
    }
  });
}
