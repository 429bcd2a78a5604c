import type { Page } from "@playwright/test";
import { BRAND_MARK } from "../../app/platform/lib/brand-mark";
import arAdmin from "../../locales/ar/admin";
import arAuth from "../../locales/ar/auth";
import enAdmin from "../../locales/en/admin";
import enAuth from "../../locales/en/auth";
import { createCodeViaApi, formatted, rowOf, settle, signIn, uniqueCode } from "./admin-helpers";
import { sessionCookies } from "./auth-helpers";
import { getCode } from "./db";
import { expect, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { spacedArabic } from "./ux-helpers";

/*
 * What admins tripped over (issue 16): a stale error after a later save, focus that fell back to the
 * page, an action silently lost when the session ended, the menu's name, the contacts on a phone.
 */

const CODES = "/admin/dashboard/codes";
const dict = { en: { a: enAdmin, auth: enAuth }, ar: { a: arAdmin, auth: arAuth } } as const;

async function pickProduct(page: Page, index: number) {
  await page.getByTestId("product-picker").locator('input[type="radio"]').nth(index).check();
}

/**
 * Focus is on the toast, or inside `within` (a selector), never on the page itself. Polled: without
 * JavaScript the browser moves focus to the `autofocus` message once the new page is parsed, which
 * may come a moment after the toast's text is on the screen.
 */
async function expectFocusOnMessageOrRegion(page: Page, within: string) {
  const inRegion = () =>
    page.evaluate((selector) => {
      const active = document.activeElement;
      return Boolean(active && active !== document.body && (active.closest("[data-testid=toast]") || active.closest(selector)));
    }, within);
  await expect.poll(inRegion, { message: "focus on the message or the region", timeout: 5_000 }).toBe(true);
}

for (const lang of ["en", "ar"] as Lang[]) {
  const { a, auth } = dict[lang];

  test.describe(`codes screen after a refusal and actions (${lang})`, () => {
    test("a refused save's red box and field error are gone once a later save succeeds", async ({ page, request }) => {
      skipEnglishWithoutJs(lang);
      const existing = await createCodeViaApi(request);
      await signIn(page, lang, CODES);
      await pickProduct(page, 0);
      const field = page.getByLabel(a.codes.generate.code, { exact: true });
      await field.fill(formatted(existing.code));
      await page.getByRole("button", { name: a.codes.generate.save }).click();
      const failedBox = page.getByRole("alert").filter({ hasText: a.codes.toast.createFailed });
      await expect(failedBox).toBeVisible();
      await expect(page.getByText(a.codes.errors.duplicate)).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");

      const fresh = uniqueCode("F");
      await pickProduct(page, 0);
      await field.fill(formatted(fresh));
      await page.getByRole("button", { name: a.codes.generate.save }).click();
      await expect(page.getByTestId("toast")).toContainText(a.codes.toast.created);
      await expect(rowOf(page, fresh)).toBeVisible();
      await expect(failedBox).toHaveCount(0);
      await expect(page.getByText(a.codes.errors.duplicate)).toHaveCount(0);
      await expect(page.getByLabel(a.codes.generate.code, { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      expect(getCode(fresh)?.status).toBe("active");
      // Focus stays meaningful after the save: the form, ready for the next code, or the message.
      await expectFocusOnMessageOrRegion(page, "#create-code");
    });

    test("after Expire and Delete, focus is on the message or the updated list, never on the page", async ({ page, request, jsEnabled }) => {
      skipEnglishWithoutJs(lang);
      const created = await createCodeViaApi(request);
      await signIn(page, lang, CODES);
      if (jsEnabled) {
        await rowOf(page, created.code).getByRole("button", { name: new RegExp(a.codes.actions.expire) }).click();
        await page.getByRole("dialog").getByRole("button", { name: a.codes.confirmExpire.confirm }).click();
      } else {
        await rowOf(page, created.code).getByRole("link", { name: new RegExp(a.codes.actions.expire) }).click();
        await page.locator("#confirm-expire").getByRole("button", { name: a.codes.confirmExpire.confirm }).click();
      }
      await expect(page.getByTestId("toast")).toContainText(a.codes.toast.expired);
      await expect(rowOf(page, created.code)).toHaveCount(0);
      await expectFocusOnMessageOrRegion(page, "#codes-list");

      await page.goto(`${CODES}?status=expired`);
      await settle(page);
      const row = rowOf(page, created.code);
      if (jsEnabled) {
        await row.getByRole("button", { name: new RegExp(a.codes.actions.delete) }).click();
        await page.getByRole("dialog").getByRole("button", { name: a.codes.confirmDelete.confirm }).click();
      } else {
        await row.getByRole("link", { name: new RegExp(a.codes.actions.delete) }).click();
        await page.locator("#confirm-delete").getByRole("button", { name: a.codes.confirmDelete.confirm }).click();
      }
      await expect(page.getByTestId("toast")).toContainText(a.codes.toast.deleted);
      await expect(rowOf(page, created.code)).toHaveCount(0);
      await expectFocusOnMessageOrRegion(page, "#codes-list");
    });
  });

  test.describe(`a session that ends while acting (${lang})`, () => {
    test("comes back to the same page after signing in, told the change was not saved", async ({ page, request, context, jsEnabled }) => {
      skipEnglishWithoutJs(lang);
      const created = await createCodeViaApi(request);
      await signIn(page, lang, `${CODES}?status=active`);
      await expect(rowOf(page, created.code)).toBeVisible();
      // Expire asks first: the confirmation is open when the session ends.
      if (jsEnabled) await rowOf(page, created.code).getByRole("button", { name: new RegExp(a.codes.actions.expire) }).click();
      else await rowOf(page, created.code).getByRole("link", { name: new RegExp(a.codes.actions.expire) }).click();
      const confirm = jsEnabled ? page.getByRole("dialog") : page.locator("#confirm-expire");
      await expect(confirm).toBeVisible();
      // The session ends elsewhere (an API client logs out with the same refresh token).
      const { refresh } = await sessionCookies(context);
      expect((await page.request.post("/api/v1/users/logout/", { data: { refresh_token: refresh!.value } })).status()).toBe(200);

      await confirm.getByRole("button", { name: a.codes.confirmExpire.confirm }).click();
      await expect(page).toHaveURL(/\/admin\?next=%2Fadmin%2Fdashboard%2Fcodes(%3Fstatus%3Dactive)?&expired=unsaved$/);
      await expect(page.getByTestId("session-expired")).toHaveText(auth.sessionExpired.unsaved);
      // Not silently lost, and not half done: the code is as it was.
      expect(getCode(created.code)?.status).toBe("active");

      await page.locator('input[name="username"]').fill("e2e-admin");
      await page.locator('input[name="password"]').fill("e2e-password-long-enough");
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/codes(\?status=active)?$/);
      await expect(rowOf(page, created.code)).toBeVisible();
    });
  });

  test.describe(`admin chrome (${lang})`, () => {
    test("the menu is announced once, with the page it is on, at phone and desktop widths", async ({ page }) => {
      await signIn(page, lang, CODES);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const summary = page.locator("header details > summary").first();
        await expect(summary).toHaveAccessibleName(`${a.nav.menu} ${a.nav.codes}`);
      }
    });

    test("contacts at 390 px: nothing scrolls sideways, an opened message keeps sender and date on top", async ({ page, request }) => {
      const name = `Phone Reader ${Date.now().toString(36)}`;
      const long = `${"A long question about the sun gel and sensitive skin, with details. ".repeat(8)}https://example.com/a/very/long/path/without/spaces/${"x".repeat(80)}`;
      const res = await request.post("/api/v1/general/contact/create/", { data: { name, phone_number: "+971 50 123 4567", message: long } });
      expect(res.status()).toBe(201);
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, lang, "/admin/dashboard/contacts");
      const row = page.getByTestId("contact-row").filter({ hasText: name });
      await expect(row).toBeVisible();
      const overflow = () => page.evaluate(() => ({
        page: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
        table: Math.max(0, ...[...document.querySelectorAll<HTMLElement>("#admin-main section[aria-label]")].map((el) => el.scrollWidth - el.clientWidth)),
      }));
      expect(await overflow()).toEqual({ page: 0, table: 0 });
      await row.locator("summary").click();
      await expect(row.locator("details")).toHaveAttribute("open");
      expect(await overflow()).toEqual({ page: 0, table: 0 });
      const nameBox = (await row.getByTestId("contact-name").boundingBox())!;
      const dateBox = (await row.getByTestId("contact-date").boundingBox())!;
      const messageBox = (await row.locator("details p").boundingBox())!;
      expect(nameBox.y).toBeLessThan(messageBox.y);
      expect(Math.abs(dateBox.y - nameBox.y)).toBeLessThan(8);

      // On a wide screen the row's cells stay at its top when the message opens.
      await page.setViewportSize({ width: 1280, height: 800 });
      const rowBox = (await row.boundingBox())!;
      const wideName = (await row.getByTestId("contact-name").boundingBox())!;
      const wideDate = (await row.getByTestId("contact-date").boundingBox())!;
      expect(wideName.y - rowBox.y).toBeLessThan(20);
      expect(wideDate.y - rowBox.y).toBeLessThan(20);
    });
  });
}

test("Arabic admin screens space no Arabic letters apart; the Arabic QR label runs right to left with the crescent", async ({ page, request }) => {
  const created = await createCodeViaApi(request, uniqueCode("Q"), 4);
  await signIn(page, "ar", CODES);
  expect(await spacedArabic(page)).toEqual([]);
  await page.goto("/admin/dashboard/contacts");
  expect(await spacedArabic(page)).toEqual([]);
  const svg = await (await page.request.get(`/admin/dashboard/codes/${created.id}/qr.svg`)).text();
  expect(svg).toContain(BRAND_MARK.crescent);
  const arabicTexts = [...svg.matchAll(/<text ([^>]*)>([^<]*[\u0600-\u06FF][^<]*)<\/text>/g)];
  expect(arabicTexts.length).toBeGreaterThanOrEqual(2);
  for (const [, attributes] of arabicTexts) {
    expect(attributes).toContain('direction="rtl"');
    expect(attributes).not.toContain("letter-spacing");
  }
  await page.context().clearCookies();
  await page.goto("/admin?lng=ar");
  expect(await spacedArabic(page)).toEqual([]);
});
