import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";
import { HYDRA, SHEA, text } from "./catalog-helpers";

for (const lang of ["en", "ar"] as const) {
  test.describe(`product page (${lang})`, () => {
    test("breadcrumb, category badge, localized name and the description with bold headings", async ({ page }) => {
      await openIn(page, `/product/${HYDRA}`, lang);
      const crumbs = page.getByRole("navigation", { name: text[lang].breadcrumb }).getByRole("listitem");
      await expect(crumbs).toHaveCount(4);
      await expect(crumbs.nth(0).getByRole("link")).toHaveAttribute("href", "/");
      await expect(crumbs.nth(1).getByRole("link")).toHaveAttribute("href", "/products");
      await expect(crumbs.nth(2).getByRole("link")).toHaveAttribute("href", "/products/face");
      await expect(crumbs.nth(3)).toHaveText(text[lang].hydra);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text[lang].hydra);
      await expect(page.getByTestId("category-badge")).toContainText(text[lang].face);

      const panel = page.getByTestId("panel-description");
      const heading = panel.getByRole("heading", { name: text[lang].heading });
      await expect(heading).toBeVisible();
      expect(Number(await heading.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
      await expect(panel).not.toContainText("{");
      await expect(page.getByRole("tab", { name: text[lang].description })).toHaveAttribute("aria-selected", "true");
    });

    test("the how-to-use tab shows the numbered steps", async ({ page }) => {
      await openIn(page, `/product/${HYDRA}`, lang);
      await page.getByRole("tab", { name: text[lang].howToUse }).click();
      await expect(page).toHaveURL(/[?&]tab=how-to-use/);
      await expect(page.getByRole("tab", { name: text[lang].howToUse })).toHaveAttribute("aria-selected", "true");
      const panel = page.getByRole("tabpanel");
      await expect(panel.locator("ol > li")).toHaveCount(4);
      await expect(page.getByTestId("panel-description")).toHaveCount(0);

      await page.getByRole("tab", { name: text[lang].description }).click();
      await expect(page.getByTestId("panel-description")).toBeVisible();
      await expect(page.getByRole("tab", { name: text[lang].description })).toHaveAttribute("aria-selected", "true");
    });

    test("a ?tab= link opens the tab directly", async ({ page }) => {
      await openIn(page, `/product/${HYDRA}?tab=how-to-use`, lang);
      await expect(page.getByTestId("panel-how-to-use").locator("ol > li")).toHaveCount(4);
    });

    test("arrow keys move between tabs (mirrored in Arabic)", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "keyboard tabs are a JavaScript enhancement; without it the tabs are links");
      await openIn(page, `/product/${HYDRA}`, lang);
      const description = page.getByRole("tab", { name: text[lang].description });
      const howTo = page.getByRole("tab", { name: text[lang].howToUse });
      await expect(howTo).toHaveAttribute("tabindex", "-1");
      await description.focus();
      await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
      await expect(howTo).toBeFocused();
      await expect(howTo).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId("panel-how-to-use")).toBeVisible();
      await page.keyboard.press("Home");
      await expect(description).toBeFocused();
      await expect(page.getByTestId("panel-description")).toBeVisible();
    });

    test("a product without how-to-use has no empty tab", async ({ page }) => {
      await openIn(page, `/product/${SHEA}`, lang);
      await expect(page.getByRole("tab")).toHaveCount(0);
      await expect(page.getByText(text[lang].howToUse)).toHaveCount(0);
      await expect(page.getByTestId("panel-description").getByRole("heading").first()).toBeVisible();
      await openIn(page, `/product/${SHEA}?tab=how-to-use`, lang);
      await expect(page.getByTestId("panel-description")).toBeVisible();
    });

    test("has no axe violations", async ({ page, jsEnabled }) => {
      // axe runs as a script in the page; the server-rendered markup it checks is the same in both projects.
      test.skip(!jsEnabled, "axe needs JavaScript in the page");
      await openIn(page, `/product/${HYDRA}`, lang);
      await expectNoAxeViolations(page);
      await openIn(page, `/product/${HYDRA}?tab=how-to-use`, lang);
      await expectNoAxeViolations(page);
    });
  });
}

test("a missing or unknown id redirects to the catalogue", async ({ page }) => {
  for (const path of ["/product", "/product/", "/product/not-a-product", `/product/${HYDRA.toUpperCase()}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/products$/);
    await expect(page.getByTestId("product-card")).toHaveCount(12);
  }
});
