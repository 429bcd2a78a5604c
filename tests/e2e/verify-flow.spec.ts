import type { Page } from "@playwright/test";
import arCommon from "../../locales/ar/common";
import arVerify from "../../locales/ar/verify";
import enCommon from "../../locales/en/common";
import enVerify from "../../locales/en/verify";
import { products } from "../../app/platform/catalog/products";
import { HYDRA } from "./catalog-helpers";
import { getCode, grouped, insertCode, scanCountFor, scansFor } from "./db";
import { expect, expectNoAxeViolations, openIn, test, type Lang } from "./fixtures";

const dict = { en: { v: enVerify, c: enCommon }, ar: { v: arVerify, c: arCommon } } as const;
/** The codes below are printed on this catalogue product's label. */
const product = products.find((p) => p.id === HYDRA)!;
const productId = product.id;

/** A real browser's user agent: the page auto-submits only for people, never for crawlers or previewers. */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function submitCode(page: Page, lang: Lang, value: string) {
  const { v } = dict[lang];
  await page.getByLabel(v.form.label).fill(value);
  await page.getByRole("button", { name: v.form.submit }).click();
}

for (const lang of ["en", "ar"] as const) {
  const { v, c } = dict[lang];

  const PREVIEWER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test.describe(`verify (${lang})`, () => {
    test("a fresh code is valid once; reload shows the same result; a second check is counterfeit with the first date", async ({ page, jsEnabled }) => {
      const code = insertCode(productId).code;
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, ` ${grouped(code).toLowerCase()} `);

      await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByRole("heading", { name: v.dialog.validTitle })).toBeVisible();
      await expect(dialog.getByTestId("code-token")).toHaveText(grouped(code));
      await expect(dialog.getByTestId("code-token")).toHaveAttribute("dir", "ltr");
      // The code's product is in the catalogue: its first image and its name in the page's language.
      const item = dialog.getByTestId("verify-product");
      await expect(item).toContainText(lang === "ar" ? product.nameAr : product.name);
      await expect(item).not.toContainText(lang === "ar" ? product.name : product.nameAr);
      await expect(item.locator("img")).toHaveAttribute("src", product.images[0]!);
      await expect(item.locator("img")).toBeVisible();
      await expect(page.getByTestId("toast").first()).toContainText(c.toast.success);
      const banner = page.getByTestId("verify-banner");
      await expect(banner).toHaveAttribute("data-valid", "true");
      await expect(banner).toContainText(grouped(code));

      // Stored state: consumed once, one valid scan.
      expect(getCode(code)).toMatchObject({ status: "expired", expired_at: null });
      expect(getCode(code)?.verified_at).toBeTruthy();
      expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid"]);

      // Okay closes the dialog (natively without JavaScript); with JavaScript focus returns to the field.
      await dialog.getByRole("button", { name: v.dialog.okay }).click();
      await expect(dialog).toBeHidden();
      if (jsEnabled) await expect(page.getByLabel(v.form.label)).toBeFocused();

      // A reload shows the same result and checks nothing.
      const resultUrl = page.url();
      await page.reload();
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      await expect(page.getByTestId("verify-banner")).toHaveAttribute("data-valid", "true");
      expect(scansFor(code)).toHaveLength(1);

      // The same code again: counterfeit, saying when it was first verified.
      await page.goto("/verify");
      await submitCode(page, lang, code);
      await expect(page).not.toHaveURL(resultUrl);
      const second = page.getByRole("dialog");
      await expect(second).toHaveAttribute("data-valid", "false");
      await expect(second.getByRole("heading", { name: v.dialog.invalidTitle })).toBeVisible();
      await expect(second.getByTestId("code-token")).toHaveText(grouped(code));
      await expect(second.getByTestId("first-verified")).toContainText("UTC");
      await expect(second.getByTestId("first-verified")).toContainText(new Date().getUTCFullYear().toString());
      await expect(page.getByTestId("verify-banner")).toHaveAttribute("data-valid", "false");
      await expect(page.getByTestId("toast").first()).toContainText(c.toast.error);
      expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid", "used"]);
    });

    test("a valid code of a product missing from the catalogue shows no product details", async ({ page }) => {
      const code = insertCode("not-in-catalogue").code;
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, code);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByRole("heading", { name: v.dialog.validTitle })).toBeVisible();
      await expect(dialog.getByTestId("verify-product")).toHaveCount(0);
      expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid"]);
    });

    test("an unknown code is reported counterfeit", async ({ page }) => {
      const unknown = `ZZ${Date.now().toString(36).toUpperCase().slice(-6)}`;
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, unknown);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAttribute("data-valid", "false");
      await expect(dialog.getByRole("heading", { name: v.dialog.invalidTitle })).toBeVisible();
      await expect(dialog).toContainText(v.dialog.invalidMessage.split("(")[0]!.trim());
      await expect(dialog.getByTestId("first-verified")).toHaveCount(0);
      expect(scansFor(unknown).map((s) => s.outcome)).toEqual(["unknown"]);
    });

    test("empty input asks for a code, sends no check and records nothing", async ({ page, jsEnabled }) => {
      await openIn(page, "/verify", lang);
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
      if (jsEnabled) {
        // The browser's checks load when the field first gets focus; until then the server refuses instead.
        await page.getByLabel(v.form.label).focus();
        await expect(page.locator("form[data-validator=ready]")).toHaveCount(1);
      }
      await submitCode(page, lang, "   ");
      await expect(page.getByTestId("verify-error")).toHaveText(v.form.empty);
      await expect(page.getByTestId("toast").first()).toContainText(v.form.empty);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/verify(\?|$)/);
      if (jsEnabled) expect(posts).toEqual([]);
      expect(scanCountFor("")).toBe(0);
    });

    test.describe("opened by a crawler or link previewer", () => {
    test.use({ userAgent: PREVIEWER_UA });
    test("/verify?code= only pre-fills: the code stays active", async ({ page, jsEnabled }) => {
      // Without JavaScript nothing can submit; with JavaScript, a crawler or link previewer that runs
      // scripts is not asked to: opening the QR URL never consumes a code.
      const code = insertCode(productId).code;
      await openIn(page, `/verify?code=${code.toLowerCase()}`, lang);
      await expect(page.getByLabel(v.form.label)).toHaveValue(grouped(code));
      if (jsEnabled) await page.waitForTimeout(1000);
      await expect(page).toHaveURL(/\/verify\?/);
      expect(getCode(code)?.status).toBe("active");
      expect(scansFor(code)).toHaveLength(0);

      // The visitor presses Verify.
      await page.getByRole("button", { name: v.form.submit }).click();
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid"]);
    });
    });

    test("axe: the verify page and a result view", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs as a script inside the page");
      await openIn(page, "/verify", lang);
      await expectNoAxeViolations(page);
      const code = insertCode(productId).code;
      await submitCode(page, lang, code);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: v.dialog.okay }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`verify from a QR link with JavaScript (${lang})`, () => {
    test.use({ userAgent: BROWSER_UA });

    test("/verify?code= submits itself exactly once, and back or reload never checks again", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "auto-submission needs JavaScript; the no-JavaScript journey is covered above");
      const code = insertCode(productId).code;
      await openIn(page, "/verify", lang);
      await page.goto(`/verify?code=${code}`);
      await expect(page).toHaveURL(/\/verify\/result\//);
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      await page.waitForTimeout(1000);
      expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid"]);

      await page.reload();
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      // The QR URL's history entry was replaced by the result, so back leaves the flow.
      await page.goBack();
      await expect(page).toHaveURL(/\/verify\?lng=/);
      await page.goForward();
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      await page.waitForTimeout(500);
      expect(scansFor(code)).toHaveLength(1);
      expect(getCode(code)?.status).toBe("expired");
    });
  });
}
