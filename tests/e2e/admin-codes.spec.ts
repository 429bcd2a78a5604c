import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { api, createCodeViaApi, formatted, productIds, rowOf, settle, signIn, uniqueCode } from "./admin-helpers";

const CODES = "/admin/dashboard/codes";

function decodePng(buffer: Buffer): string | null {
  const png = PNG.sync.read(buffer);
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

async function listed(request: Parameters<typeof api>[0], status: "active" | "expired", code: string) {
  for (let page = 1; page < 50; page++) {
    const res = await api(request, "GET", `/api/v1/codes/list/?status=${status}&page=${page}`);
    if (res.body.data.codes.some((c: { code: string }) => c.code === code)) return true;
    if (page >= res.body.pagination.total_pages) return false;
  }
  return false;
}

async function pickProduct(page: Page, index: number) {
  await page.getByTestId("product-picker").locator('input[type="radio"]').nth(index).check();
}

for (const lang of ["en", "ar"] as Lang[]) {
  test.describe(`codes screen (${lang})`, () => {
    const text = lang === "en"
      ? { save: "Save code", generate: "Generate", created: "Verification code created successfully", duplicate: "This code already exists", expire: "Expire", expConfirm: "Expire code", expired: "Code expired successfully", del: "Delete", delConfirm: "Delete code", deleted: "Code deleted successfully", cancel: "Cancel", activeTab: "Active", expiredTab: "Expired", code: "Code" }
      : { save: "حفظ الرمز", generate: "توليد", created: "تمّ إنشاء رمز التحقّق بنجاح", duplicate: "هذا الرمز موجود مسبقًا", expire: "إنهاء", expConfirm: "إنهاء الرمز", expired: "تمّ إنهاء الرمز بنجاح", del: "حذف", delConfirm: "حذف الرمز", deleted: "تمّ حذف الرمز بنجاح", cancel: "إلغاء", activeTab: "الفعّالة", expiredTab: "المنتهية الصلاحية", code: "الرمز" };

    test("create a typed code: normalised, listed, form reset", async ({ page, request, jsEnabled }) => {
      await signIn(page, lang, CODES);
      const code = uniqueCode("C");
      const save = page.getByRole("button", { name: text.save });
      if (jsEnabled) await expect(save).toBeDisabled();
      await pickProduct(page, 2);
      if (jsEnabled) await expect(save).toBeDisabled();
      const field = page.getByLabel(text.code, { exact: true });
      await field.fill(formatted(code).toLowerCase());
      if (jsEnabled) await expect(save).toBeEnabled();
      await save.click();
      await expect(page.getByTestId("toast")).toContainText(text.created);
      await expect(rowOf(page, code)).toBeVisible();
      await expect(rowOf(page, code).getByTestId("code-value")).toHaveText(formatted(code));
      await expect(field).toHaveValue("");
      await expect(page.getByTestId("product-picker").locator("input:checked")).toHaveCount(0);
      expect(await listed(request, "active", code)).toBe(true);
    });

    test("create a generated code", async ({ page, request, jsEnabled }) => {
      await signIn(page, lang, CODES);
      await pickProduct(page, 1);
      await page.getByRole("button", { name: text.generate }).click();
      const field = page.getByLabel(text.code, { exact: true });
      await expect(field).toHaveValue(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      // Without JavaScript the server generated it and kept the chosen product.
      await expect(page.getByTestId("product-picker").locator('input[type="radio"]').nth(1)).toBeChecked();
      const code = (await field.inputValue()).replace("-", "");
      if (jsEnabled) await expect(page).toHaveURL(/\/admin\/dashboard\/codes/);
      await page.getByRole("button", { name: text.save }).click();
      await expect(page.getByTestId("toast")).toContainText(text.created);
      await expect(rowOf(page, code)).toBeVisible();
      expect(await listed(request, "active", code)).toBe(true);
      // The toast belongs to this page: it does not follow a link to the next one, taken while it
      // shows (with JavaScript a link is a navigation inside the page; without it the next page is
      // a new document, which has no toast).
      if (jsEnabled) {
        await expect(page.getByTestId("toast")).toBeVisible();
        // The header's logo leads to the dashboard (a click event: the toast may cover it).
        await page.getByRole("banner").locator('a[href="/admin/dashboard"]').first().dispatchEvent("click");
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
        await expect(page.getByTestId("toast")).toHaveCount(0);
      }
    });

    test("a duplicate code is refused with the input kept", async ({ page, request }) => {
      const existing = await createCodeViaApi(request);
      await signIn(page, lang, CODES);
      await pickProduct(page, 0);
      const field = page.getByLabel(text.code, { exact: true });
      await field.fill(formatted(existing.code));
      await page.getByRole("button", { name: text.save }).click();
      await expect(page.getByText(text.duplicate)).toBeVisible();
      await expect(field).toHaveValue(formatted(existing.code));
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("product-picker").locator('input[type="radio"]').nth(0)).toBeChecked();
      // Still exactly one such code.
      const res = await api(request, "POST", "/api/v1/codes/create/", { code: existing.code, product_id: (await productIds())[0] });
      expect(res.status).toBe(409);
    });

    test("expire an active code, then delete it after confirming", async ({ page, request, jsEnabled }) => {
      skipEnglishWithoutJs(lang);
      const created = await createCodeViaApi(request);
      // Found by its exact text: runs made by tests in parallel push a new code off the first page.
      await signIn(page, lang, `${CODES}?code=${created.code}`);
      const row = rowOf(page, created.code);
      // Expire asks first, naming the code: a dialog with JavaScript, a step of the page without.
      if (jsEnabled) {
        await row.getByRole("button", { name: new RegExp(text.expire) }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toContainText(formatted(created.code));
        await dialog.getByRole("button", { name: text.expConfirm }).click();
      } else {
        await row.getByRole("link", { name: new RegExp(text.expire) }).click();
        const confirm = page.locator("#confirm-expire");
        await expect(confirm).toContainText(formatted(created.code));
        expect(await listed(request, "active", created.code)).toBe(true);
        await confirm.getByRole("button", { name: text.expConfirm }).click();
      }
      await expect(page.getByTestId("toast")).toContainText(text.expired);
      expect(await listed(request, "expired", created.code)).toBe(true);
      expect(await listed(request, "active", created.code)).toBe(false);
      // The search follows its code to the Expired tab, where it is the one row.
      await expect(page).toHaveURL(/status=expired/);
      await expect(page.getByRole("link", { name: new RegExp(text.expiredTab) })).toHaveAttribute("aria-current", "page");
      const expiredRow = rowOf(page, created.code);
      await expect(expiredRow).toBeVisible();
      await expect(expiredRow.getByTestId("ended-reason")).toBeVisible();

      if (jsEnabled) {
        const trigger = expiredRow.getByRole("button", { name: new RegExp(text.del) });
        await trigger.click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(formatted(created.code));
        await dialog.getByRole("button", { name: text.cancel }).click();
        await expect(dialog).toBeHidden();
        await expect(trigger).toBeFocused();
        expect(await listed(request, "expired", created.code)).toBe(true);
        await trigger.click();
        await page.getByRole("dialog").getByRole("button", { name: text.delConfirm }).click();
      } else {
        await expiredRow.getByRole("link", { name: new RegExp(text.del) }).click();
        const confirm = page.locator("#confirm-delete");
        await expect(confirm).toContainText(formatted(created.code));
        expect(await listed(request, "expired", created.code)).toBe(true);
        await confirm.getByRole("button", { name: text.delConfirm }).click();
      }
      await expect(page.getByTestId("toast")).toContainText(text.deleted);
      await expect(rowOf(page, created.code)).toHaveCount(0);
      await expect(page).toHaveURL(/status=expired/);
      expect(await listed(request, "expired", created.code)).toBe(false);
      expect((await api(request, "DELETE", `/api/v1/codes/delete/${created.id}/`)).status).toBe(404);
    });

    test("axe: codes screen, both tabs, the delete confirmation", async ({ page, request, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs in the page; the server-rendered markup is the same in both projects");
      test.slow(); // several full axe passes on a shared 2-core machine
      const created = await createCodeViaApi(request);
      await api(request, "PATCH", `/api/v1/codes/expire/${created.id}/`);
      await signIn(page, lang, CODES);
      await expectNoAxeViolations(page);
      await page.goto(`${CODES}?status=expired`);
      await expectNoAxeViolations(page);
      // The no-JavaScript confirmation step, and the dialog.
      await page.goto(`${CODES}?status=expired&confirm=${created.id}`);
      await expect(page.locator("#confirm-delete")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`${CODES}?status=expired`);
      await settle(page);
      await rowOf(page, created.code).getByRole("button").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test("tabs and pages live in the URL; junk falls back safely", async ({ page, request }) => {
  for (let i = 0; i < 11; i++) await createCodeViaApi(request, uniqueCode("G"), i);
  await signIn(page, "en", CODES);
  const status = page.getByTestId("pagination-status");
  await expect(status).toContainText(/Page 1 of \d+/);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(status).toContainText(/Page 2 of \d+/);
  await expect(page.getByRole("navigation", { name: "Code status" }).getByRole("link", { name: /Active/ })).toHaveAttribute("aria-current", "page");
  await page.reload();
  await expect(status).toContainText(/Page 2 of \d+/);
  // Changing tab resets the page.
  await page.getByRole("link", { name: /Expired/ }).click();
  await expect(page).toHaveURL(/\?status=expired$/);
  await page.getByRole("link", { name: /Active/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/codes$/);
  // Previous is disabled on page 1.
  await expect(page.locator('nav[aria-label="Pages"] [aria-disabled="true"]').first()).toContainText("Previous");
  const junk = await page.goto(`${CODES}?status=nonsense&page=-4`);
  expect(junk?.status()).toBe(200);
  await expect(status).toContainText(/Page 1 of/);
  const past = await page.goto(`${CODES}?page=999`);
  expect(past?.status()).toBe(200);
  await expect(page).toHaveURL(/page=\d+$/);
  await expect(page.getByTestId("code-row").first()).toBeVisible();
});

test("QR label: a PNG whose QR opens the verify page of that code", async ({ page, request, jsEnabled, baseURL }) => {
  test.skip(!jsEnabled, "the PNG is drawn in the browser; without JavaScript the SVG test covers it");
  const created = await createCodeViaApi(request, uniqueCode("Q"), 3);
  await signIn(page, "en", CODES);
  const downloadPromise = page.waitForEvent("download");
  await rowOf(page, created.code).getByTestId("qr-download").click();
  const download = await downloadPromise;
  const slug = created.product.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  expect(download.suggestedFilename()).toBe(`lunara-${slug}-${created.code}.png`);
  const buffer = readFileSync((await download.path())!);
  expect(buffer.subarray(1, 4).toString()).toBe("PNG");
  const png = PNG.sync.read(buffer);
  expect(png.width).toBeGreaterThanOrEqual(500); // scale 2 of a 310 px card
  expect(decodePng(buffer)).toBe(`${baseURL}/verify?code=${created.code}`);
});

test("QR label without JavaScript: an SVG attachment from the server, admin only", async ({ page, request, jsEnabled, baseURL, browser }) => {
  const created = await createCodeViaApi(request, uniqueCode("S"), 4);
  const anonymous = await request.get(`/admin/dashboard/codes/${created.id}/qr.svg`, { maxRedirects: 0 });
  expect([302, 303]).toContain(anonymous.status());
  expect(anonymous.headers()["location"]).toBe("/admin");

  await signIn(page, "en", CODES);
  const link = rowOf(page, created.code).getByTestId("qr-download");
  await expect(link).toHaveAttribute("href", `/admin/dashboard/codes/${created.id}/qr.svg`);
  let svg: string;
  if (jsEnabled) {
    const response = await page.request.get(`/admin/dashboard/codes/${created.id}/qr.svg`);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
    expect(response.headers()["content-disposition"]).toContain(`attachment; filename="lunara-`);
    expect(response.headers()["cache-control"]).toBe("no-store");
    svg = await response.text();
  } else {
    const downloadPromise = page.waitForEvent("download");
    await link.click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^lunara-.+-${created.code}\\.svg$`));
    svg = readFileSync((await download.path())!, "utf8");
  }
  expect(svg).toContain("<svg");
  expect(svg).toContain(formatted(created.code));
  // Render the SVG and read its QR back.
  const viewer = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 700, height: 900 } });
  await viewer.setContent(`<body style="margin:0;background:#fff"><img id="label" style="width:620px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"></body>`);
  const shot = await viewer.locator("#label").screenshot();
  await viewer.close();
  expect(decodePng(shot)).toBe(`${baseURL}/verify?code=${created.code}`);
  expect((await page.request.get(`/admin/dashboard/codes/no-such-id/qr.svg`)).status()).toBe(404);
});
