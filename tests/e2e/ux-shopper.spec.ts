import type { Page } from "@playwright/test";
import { products } from "../../app/platform/catalog/products";
import { firstParagraph } from "../../app/platform/catalog/rich-text";
import arCommon from "../../locales/ar/common";
import arVerify from "../../locales/ar/verify";
import enCommon from "../../locales/en/common";
import enVerify from "../../locales/en/verify";
import { HYDRA } from "./catalog-helpers";
import { contactsNamed, digitsFirstCode, getCode, grouped, insertCode, insertUsedCode, scanCountFor, scansFor } from "./db";
import { expect, fraudNotice, openIn, test, type Lang } from "./fixtures";
import { expectDrawnLeftToRight, focused, overlaps, spacedArabic } from "./ux-helpers";

/*
 * What shoppers tripped over (issue 16), one check for each point a browser can see, with and
 * without JavaScript, in English and Arabic.
 */

const dict = { en: { v: enVerify, c: enCommon }, ar: { v: arVerify, c: arCommon } } as const;

async function submitCode(page: Page, lang: Lang, value: string) {
  await page.getByLabel(dict[lang].v.form.label).fill(value);
  await page.getByRole("button", { name: dict[lang].v.form.submit }).click();
}

let serial = 0;
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}-${++serial}-${Math.random().toString(36).slice(2, 6)}`;

for (const lang of ["en", "ar"] as const) {
  const { v, c } = dict[lang];

  test.describe(`codes read left to right (${lang})`, () => {
    test("a digits-first code reads left to right in the dialog, the banner and the toast", async ({ page }) => {
      const code = digitsFirstCode();
      insertCode(HYDRA, code);
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, code);
      await expect(page).toHaveURL(/\/verify\/result\//);
      const dialog = page.getByTestId("verify-dialog");
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expectDrawnLeftToRight(dialog, grouped(code));
      await dialog.getByRole("button", { name: v.dialog.okay }).click();
      await expectDrawnLeftToRight(page.getByTestId("verify-message"), grouped(code));
      await expectDrawnLeftToRight(page.getByTestId("toast"), grouped(code));
    });

    for (const code of ["3769M7B9", "1234ABCD"]) {
      test(`${code}, not a code of ours, reads left to right in the counterfeit answer`, async ({ page }) => {
        await openIn(page, "/verify", lang);
        await submitCode(page, lang, code);
        await expect(page.getByTestId("verify-dialog")).toHaveAttribute("data-valid", "false");
        await expectDrawnLeftToRight(page.getByTestId("verify-dialog"), grouped(code));
        await page.getByTestId("verify-dialog").getByRole("button", { name: v.dialog.okay }).click();
        await expectDrawnLeftToRight(page.getByTestId("verify-message"), grouped(code));
        await expectDrawnLeftToRight(page.getByTestId("toast"), grouped(code));
      });
    }

    test("the API's message isolates the code (LRI … PDI), so any plain-text reader keeps its order", async ({ request }) => {
      const response = await request.post(`/api/v1/codes/verify/?lng=${lang}`, { data: { code: "3769-M7B9" } });
      expect(response.status()).toBe(200);
      const { message } = await response.json();
      expect(message).toContain("\u20663769-M7B9\u2069");
      expect(message.replace(/[\u2066-\u2069]/g, "")).toBe(lang === "en" ? "Code 3769-M7B9 is not valid. This product may be counterfeit." : "الرمز 3769-M7B9 غير صالح. قد يكون هذا المنتج مقلّدًا.");
    });
  });

  test.describe(`the first verification in the shopper's own time (${lang})`, () => {
    const FIRST = "2026-11-21T02:13:00.000Z"; // 05:13 in Riyadh
    test.use({ timezoneId: "Asia/Riyadh" });

    test("with JavaScript the browser's zone; without, the zone an earlier page stored, else UTC, labelled", async ({ page, context, jsEnabled }) => {
      const code = digitsFirstCode();
      insertUsedCode(HYDRA, code, FIRST);
      await openIn(page, "/verify", lang);
      if (jsEnabled) {
        // The inline script stored the browser's zone for later pages.
        await expect.poll(async () => (await context.cookies()).find((k) => k.name === "tz")?.value).toBe("Asia%2FRiyadh");
      } else {
        expect((await context.cookies()).find((k) => k.name === "tz")).toBeUndefined();
      }
      await submitCode(page, lang, code);
      const first = page.getByTestId("first-verified");
      const message = page.getByTestId("verify-message");
      if (jsEnabled) {
        await expect(first).toContainText("05:13");
        await expect(first).not.toContainText("UTC");
        await expect(message).toContainText("05:13");
      } else {
        // Nothing stored the zone: UTC, and it says so.
        await expect(first).toContainText(lang === "en" ? "02:13 UTC" : "الساعة 02:13 (بتوقيت UTC)");
        await expect(message).toContainText(lang === "en" ? "21 November 2026, 02:13 UTC" : "21 نوفمبر 2026 الساعة 02:13 (بتوقيت UTC)");
        // A page that stored the zone earlier (as any page does where scripts run): the next answer is local.
        await context.addCookies([{ name: "tz", value: "Asia%2FRiyadh", url: page.url() }]);
        await page.reload();
        await expect(page.getByTestId("first-verified")).toContainText("05:13");
        await expect(page.getByTestId("first-verified")).not.toContainText("UTC");
        await expect(page.getByTestId("verify-message")).toContainText(lang === "en" ? "21 November 2026, 05:13" : "21 نوفمبر 2026 الساعة 05:13");
      }
      // The first verification is unchanged in storage (UTC, ISO).
      expect(getCode(code)?.verified_at).toBe(FIRST);
    });

    test("the API's message uses the same formatter: the stored zone, else UTC, labelled", async ({ request, playwright, baseURL }) => {
      const code = digitsFirstCode();
      insertUsedCode(HYDRA, code, FIRST);
      const plain = await (await request.post(`/api/v1/codes/verify/?lng=${lang}`, { data: { code } })).json();
      expect(plain.message).toContain(lang === "en" ? "\u206821 November 2026, 02:13 UTC\u2069" : "\u206821 نوفمبر 2026 الساعة 02:13 (بتوقيت UTC)\u2069");
      const riyadh = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: "tz=Asia%2FRiyadh" } });
      const local = await (await riyadh.post(`/api/v1/codes/verify/?lng=${lang}`, { data: { code } })).json();
      expect(local.message).toContain(lang === "en" ? "21 November 2026, 05:13" : "21 نوفمبر 2026 الساعة 05:13");
      expect(local.message).not.toContain("UTC");
      await riyadh.dispose();
    });
  });

  test.describe(`what a shopper types (${lang})`, () => {
    test("input that cannot be a code states the rule and comes back as typed, never mangled", async ({ page }) => {
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, "<b>hi</b>");
      await expect(page.getByTestId("verify-error")).toHaveText(v.form.notACode);
      await expect(page.getByLabel(v.form.label)).toHaveValue("<b>hi</b>");
      await expect(page.locator("body")).not.toContainText("<B>H-I</B->");
      await expect(page.getByTestId("verify-dialog")).toHaveCount(0);
      expect(scanCountFor("<B>HI</B>")).toBe(0);
    });

    test("a code pasted with invisible characters, or a whole verify link, is checked as the code", async ({ page, baseURL }) => {
      const pastes = [
        (code: string) => `\u200F${code.slice(0, 4)}\u00AD-\u200B${code.slice(4)}\u2069\uFEFF`,
        (code: string) => `${baseURL}/verify?code=${code.slice(0, 4)}-${code.slice(4)}`,
      ];
      for (const paste of pastes) {
        const code = insertCode(HYDRA).code;
        await openIn(page, "/verify", lang);
        await submitCode(page, lang, paste(code));
        await expect(page.getByTestId("verify-dialog")).toHaveAttribute("data-valid", "true");
        expect(scansFor(code).map((s) => s.outcome)).toEqual(["valid"]);
      }
    });
  });

  test.describe(`toasts on a phone (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a refused check's toast covers neither the code field nor the page's heading", async ({ page }) => {
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, "   ");
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText(v.form.empty);
      const box = (await toast.boundingBox())!;
      for (const target of [page.getByLabel(v.form.label), page.getByRole("heading", { level: 1 }), page.getByTestId("verify-error")]) {
        expect(overlaps(box, (await target.boundingBox())!), `toast over ${target}`).toBe(false);
      }
      // One "Notifications" landmark on the page, however many toasts it can show.
      await expect(page.getByRole("region", { name: c.toast.region })).toHaveCount(1);
    });

    test("a sent message's toast covers neither the form nor the heading, and takes the focus the cleared form lost", async ({ page }) => {
      await openIn(page, "/contact", lang);
      const name = uniqueName("Phone");
      await page.locator("#contact-name").fill(name);
      await page.locator("#contact-phone_number").fill("+971 50 123 4567");
      await page.locator("#contact-message").fill("Is the SPF 60 gel fine under make-up?");
      await page.locator("form[action='/contact'] button[type=submit]").click();
      const toast = page.getByTestId("toast");
      await expect(toast).toHaveAttribute("data-type", "success");
      expect(contactsNamed(name)).toHaveLength(1);
      const box = (await toast.boundingBox())!;
      for (const target of [page.getByRole("heading", { level: 1 }), page.locator("#contact-form-title"), page.locator("#contact-name")]) {
        expect(overlaps(box, (await target.boundingBox())!), `toast over ${target}`).toBe(false);
      }
      // Focus is on the message, never on the page itself.
      expect(await focused(page)).toBe("div[data-testid=toast]");
    });

    test("a toast stays while hovered or focused, and goes once it is not", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "without JavaScript a toast stays until the next page");
      await page.addInitScript(() => {
        window.__LUNARA_TOAST_MS__ = 1500;
      });
      await openIn(page, "/verify", lang);
      await submitCode(page, lang, "   ");
      const toast = page.getByTestId("toast");
      await toast.hover();
      await page.waitForTimeout(2500);
      await expect(toast).toBeVisible();
      await page.mouse.move(5, 5);
      await expect(toast).toBeHidden({ timeout: 3000 });

      await submitCode(page, lang, "<b>");
      await expect(toast).toContainText(v.form.notACode);
      await toast.focus();
      await page.mouse.move(5, 5);
      await page.waitForTimeout(2500);
      await expect(toast).toBeVisible();
      await page.getByLabel(v.form.label).focus();
      await expect(toast).toBeHidden({ timeout: 3000 });
    });
  });

  test.describe(`the fraud notice and forms (${lang})`, () => {
    test.use({ fraudNoticeMode: "keep" });

    test("it does not reopen on the answer to a form's POST, only on navigation", async ({ page }) => {
      await openIn(page, "/contact", lang);
      await expect(fraudNotice(page)).toBeVisible();
      await fraudNotice(page).getByTestId("fraud-notice-close").click();
      await expect(fraudNotice(page)).toBeHidden();
      // A refused message: the form again, without the notice.
      await page.locator("form[action='/contact'] button[type=submit]").click();
      await expect(page.getByTestId("contact-error")).toBeVisible();
      await expect(fraudNotice(page)).toBeHidden();
      // A check: the result view the POST redirected to, without the notice.
      await page.goto("/verify");
      await expect(fraudNotice(page)).toBeVisible();
      await fraudNotice(page).getByTestId("fraud-notice-close").click();
      await submitCode(page, lang, "3769-M7B9");
      await expect(page).toHaveURL(/\/verify\/result\//);
      await expect(page.getByTestId("verify-dialog")).toBeVisible();
      await expect(fraudNotice(page)).toBeHidden();
      // Navigation opens it again.
      await page.goto("/products");
      await expect(fraudNotice(page)).toBeVisible();
    });
  });

  test.describe(`switching language with a half-filled form (${lang})`, () => {
    test("keeps the typed values with JavaScript; warns first without it", async ({ page, jsEnabled }) => {
      await openIn(page, "/contact", lang);
      const warning = page.getByTestId("site-header").getByTestId("language-warning").first();
      await expect(warning).toBeHidden();
      await page.locator("#contact-name").fill("Layla Nasser");
      await page.locator("#contact-message").fill("Half a question about the sun gel");
      const other: Lang = lang === "en" ? "ar" : "en";
      if (jsEnabled) {
        await page.getByTestId("site-header").getByTestId("language-toggle").click();
        await expect(page.locator("html")).toHaveAttribute("lang", other);
        await expect(page.locator("#contact-name")).toHaveValue("Layla Nasser");
        await expect(page.locator("#contact-message")).toHaveValue("Half a question about the sun gel");
      } else {
        await expect(warning).toBeVisible();
        await expect(warning).toHaveText(dict[lang].c.language.formWarning);
      }
    });
  });

  test.describe(`type and layout (${lang})`, () => {
    test("no letter-spacing on Arabic text on the shopper's pages", async ({ page }) => {
      test.skip(lang === "en", "about Arabic text");
      for (const path of ["/", "/verify", "/contact", "/privacy", "/terms", "/products", `/product/${HYDRA}`]) {
        await openIn(page, path, "ar");
        expect(await spacedArabic(page), path).toEqual([]);
      }
    });

    test("at 390 px, SPF and its number stay on one line, and card summaries end on a whole word", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openIn(page, "/products/sun", lang);
      const cards = page.getByTestId("product-card");
      // The family lotion sits with the other sunscreens.
      await expect(cards.filter({ hasText: lang === "en" ? "Family Sun Lotion" : "لوشن الحماية من الشمس للعائلة" })).toHaveCount(1);
      for (const card of await cards.all()) {
        for (const part of [card.getByRole("heading"), card.getByTestId("product-summary")]) {
          const text = await part.evaluate((el) => el.textContent ?? "");
          // The no-break space is there in what the browser draws, and "SPF" and its number share a line.
          for (const [, gap, number] of text.matchAll(/SPF(\s)(\d+)/g)) {
            expect(gap, text).toBe("\u00A0");
            await expectDrawnLeftToRight(part, `SPF\u00A0${number}`);
          }
        }
      }
      await openIn(page, "/products", lang);
      for (const summary of await page.getByTestId("product-summary").all()) {
        const shown = await summary.innerText();
        const clamp = await summary.evaluate((el) => getComputedStyle(el).webkitLineClamp);
        expect(clamp === "none" || clamp === "").toBe(true);
        const source = products.map((p) => firstParagraph(lang === "en" ? p.description : p.descriptionAr)).find((text) => text.startsWith(shown.replace(/…$/, "")));
        expect(source, shown).toBeDefined();
        if (shown.endsWith("…")) {
          const kept = shown.slice(0, -1);
          // The character after the kept text is a break (space or punctuation), never the rest of a word.
          expect(source!.slice(kept.length, kept.length + 1), shown).toMatch(/[\s,.،;:]/);
        }
      }
    });
  });
}

test.describe("the phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("keeps keyboard focus inside while it is open", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "keeping focus inside needs JavaScript; without it the menu is a plain disclosure");
    await openIn(page, "/privacy", "en");
    const menu = page.getByTestId("mobile-menu");
    const button = menu.locator("summary");
    await button.click();
    const links = menu.getByRole("navigation").getByRole("link");
    await expect(links.first()).toBeFocused();
    const count = await links.count();
    for (let i = 1; i < count; i++) await page.keyboard.press("Tab");
    await expect(links.last()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await expect(menu).toHaveAttribute("open");
    await page.keyboard.press("Shift+Tab");
    await expect(links.last()).toBeFocused();
    await expect(menu).toHaveAttribute("open");
    // The phone menu's landmark has its own name, not the wide screen's "Main".
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
  });
});
