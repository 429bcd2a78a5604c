import { expect, openIn, test, type Lang } from "./fixtures";

const names = {
  en: { home: "Home", verify: "Verify Product", products: "Products", contact: "Contact", menu: "Menu", short: "AR", toggle: "AR العربية", other: "ar" },
  ar: { home: "الرئيسية", verify: "التحقّق من المنتج", products: "المنتجات", contact: "التواصل معنا", menu: "القائمة", short: "EN", toggle: "EN English", other: "en" },
} as const;

for (const lang of ["en", "ar"] as Lang[]) {
  const n = names[lang];

  test.describe(`header (${lang})`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("links to the four pages, marks the current one, and sits fixed above the content", async ({ page }) => {
      await openIn(page, "/contact", lang);
      const header = page.getByTestId("site-header");
      const nav = header.getByRole("navigation");
      const expected = [
        [n.home, "/"],
        [n.verify, "/verify"],
        [n.products, "/products"],
        [n.contact, "/contact"],
      ] as const;
      for (const [name, href] of expected) await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name: n.contact, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: n.home, exact: true })).not.toHaveAttribute("aria-current", "page");
      await expect(header.getByRole("link", { name: lang === "ar" ? /لونارا/ : /Lunara/ })).toHaveAttribute("href", "/");
      await expect(header).toHaveCSS("position", "fixed");
      // The main content starts below the fixed header.
      const headerBox = (await header.boundingBox())!;
      const mainPadding = await page.locator("main#main").evaluate((el) => parseFloat(getComputedStyle(el).paddingTop));
      expect(mainPadding).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    });

    test("the EN/AR toggle keeps the page and its query and switches language and direction", async ({ page }) => {
      await openIn(page, "/privacy?utm_source=label", lang);
      const toggle = page.getByTestId("site-header").getByTestId("language-toggle");
      // Its accessible name contains the visible text (WCAG 2.5.3), then names the language in that language.
      const visible = await toggle.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(".sr-only").forEach((hidden) => hidden.remove());
        return copy.textContent?.trim();
      });
      expect(visible).toBe(n.short);
      await expect(toggle).toHaveAccessibleName(n.toggle);
      await expect(toggle).toHaveAttribute("hreflang", n.other);
      await expect(toggle.locator(`[lang="${n.other}"]`)).toHaveText(lang === "en" ? "العربية" : "English");
      await toggle.click();
      await expect(page).toHaveURL((url) => url.pathname === "/privacy" && url.searchParams.get("lng") === n.other && url.searchParams.get("utm_source") === "label");
      await expect(page.locator("html")).toHaveAttribute("lang", n.other);
      await expect(page.locator("html")).toHaveAttribute("dir", n.other === "ar" ? "rtl" : "ltr");
      // The choice is remembered for the next page without ?lng=.
      await page.goto("/terms");
      await expect(page.locator("html")).toHaveAttribute("lang", n.other);
    });
  });

  test.describe(`phone menu (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("opens and closes at 390 px, with and without JavaScript", async ({ page }) => {
      await openIn(page, "/privacy", lang);
      const header = page.getByTestId("site-header");
      const toggleButton = header.locator("summary");
      await expect(toggleButton).toBeVisible();
      await expect(toggleButton).toHaveAccessibleName(n.menu);
      const panelLink = header.getByRole("link", { name: n.verify, exact: true });
      await expect(panelLink).toBeHidden();
      await toggleButton.click();
      await expect(panelLink).toBeVisible();
      // The panel slides in from the end side: right in LTR, left in RTL. Measured against the fixed
      // header, which spans the viewport less any reserved scrollbar gutter.
      const box = (await header.getByTestId("mobile-menu").getByRole("navigation").boundingBox())!;
      const bar = (await header.boundingBox())!;
      if (lang === "en") {
        expect(box.x + box.width).toBeGreaterThan(bar.x + bar.width - 2);
        expect(box.x).toBeGreaterThan(bar.x + 20);
      } else {
        expect(box.x).toBeLessThan(bar.x + 2);
        expect(box.x + box.width).toBeLessThan(bar.x + bar.width - 20);
      }
      await toggleButton.click();
      await expect(panelLink).toBeHidden();
    });

    test("closes on navigation; with JavaScript also on Escape, returning focus to its button", async ({ page, jsEnabled }) => {
      await openIn(page, "/privacy", lang);
      const header = page.getByTestId("site-header");
      const toggleButton = header.locator("summary");
      if (jsEnabled) {
        await toggleButton.click();
        const first = header.getByTestId("mobile-menu").getByRole("link", { name: n.home, exact: true });
        await expect(first).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(first).toBeHidden();
        await expect(toggleButton).toBeFocused();
      }
      await toggleButton.click();
      await header.getByRole("link", { name: n.contact, exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(header.getByTestId("mobile-menu")).not.toHaveAttribute("open");
      await expect(header.getByRole("link", { name: n.verify, exact: true })).toBeHidden();
    });
  });
}

test.describe("scroll threshold", () => {
  test("the header changes look once scrolled past 10 px (solid without JavaScript)", async ({ page, jsEnabled }) => {
    await openIn(page, "/privacy", "en");
    const header = page.getByTestId("site-header");
    if (!jsEnabled) {
      await expect(header).not.toHaveAttribute("data-scrolled");
      await expect(header).toHaveCSS("background-color", "rgb(251, 248, 244)");
      return;
    }
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });
});
