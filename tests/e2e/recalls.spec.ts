import type { APIRequestContext } from "@playwright/test";
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

const dict = { en: { v: enVerify, c: enCatalog }, ar: { v: arVerify, c: arCatalog } } as const;
const product = products[2]!;
const notices = {
  notice_en: "Contamination found in this lot.\nStop using it and return it to the shop.",
  notice_ar: "وُجد تلوّث في هذه الدفعة.\nتوقّف عن استخدامه وأعده إلى المتجر.",
};

/** A single-code run of two codes, recalled through the API; its codes read from its printer's CSV. */
async function recalledRun(request: APIRequestContext) {
  const lot = `RC-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, quantity: 2, lot });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const batchId = created.body.data.batch.id as string;
  const recalled = await api(request, "POST", `/api/v1/batches/${batchId}/recall/`, notices);
  expect(recalled.status, JSON.stringify(recalled.body)).toBe(201);
  const csv = await request.get(`/api/v1/batches/${batchId}/codes.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  expect(header!.slice(0, 2)).toEqual(["serial", "code"]);
  return { batchId, lot, codes: rows.map((row) => row[1]!.replace(/-/g, "")) };
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

        await openIn(page, `/product/${product.id}?tab=description`, lang);
        await expect(page.getByTestId("product-recall").filter({ hasText: lot })).toBeInViewport();
      }
    } finally {
      expect((await api(request, "POST", `/api/v1/batches/${batchId}/recall/lift/`)).status).toBe(200);
    }
  });
  const notice = lang === "ar" ? notices.notice_ar : notices.notice_en;

  test(`a recalled run's code is genuine, recalled (amber, its notice); the product page shows the recall (${lang})`, async ({ page, request }) => {
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
      await expect(dialog.getByTestId("verify-lot")).toHaveText(lot);
      await expect(dialog.getByTestId("verify-lot")).toHaveAttribute("dir", "ltr");
      await expect(page.getByTestId("verify-banner")).toHaveAttribute("data-tone", "recalled");
      await expectNoAxeViolations(page);
      // Consumed like any genuine check.
      expect(getCode(code)?.status).toBe("expired");
      expect(getCode(code)?.verified_at).toBeTruthy();

      // The product's page (a query beside ?lng= is never served from the page cache).
      await openIn(page, `/product/${product.id}?tab=description`, lang);
      const banner = page.getByTestId("product-recall").filter({ hasText: lot });
      await expect(banner).toContainText(c.product.recalled.split("{{")[0]!.trim());
      await expect(banner.locator('bdi[dir="ltr"]', { hasText: lot })).toBeVisible();
      await expect(banner).toContainText(notice.split("\n")[0]!);
    } finally {
      expect((await api(request, "POST", `/api/v1/batches/${batchId}/recall/lift/`)).status).toBe(200);
    }
  });
}
