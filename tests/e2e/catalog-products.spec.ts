import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";
import { text } from "./catalog-helpers";

for (const lang of ["en", "ar"] as const) {
  test.describe(`catalogue (${lang})`, () => {
    test("lists all twelve products with the All Products pill current", async ({ page }) => {
      const response = await openIn(page, "/products", lang);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("product-card")).toHaveCount(12);
      const pills = page.getByTestId("category-pills").getByRole("link");
      await expect(pills).toHaveCount(7);
      await expect(pills.first()).toHaveText(text[lang].all);
      await expect(pills.first()).toHaveAttribute("aria-current", "page");
      await expect(page.locator('[data-testid="category-pills"] [aria-current="page"]')).toHaveCount(1);
      // The pill row scrolls horizontally rather than wrapping.
      const wraps = await page.getByTestId("category-pills").evaluate((el) => getComputedStyle(el).flexWrap);
      expect(wraps).toBe("nowrap");
      const crumbs = page.getByRole("navigation", { name: text[lang].breadcrumb });
      await expect(crumbs.getByRole("listitem")).toHaveCount(2);
      await expect(crumbs.locator('[aria-current="page"]')).toBeVisible();
      // No product is featured in the data, so no badge shows.
      await expect(page.getByTestId("featured-badge")).toHaveCount(0);
    });

    test("filters by category with the pills", async ({ page }) => {
      await openIn(page, "/products", lang);
      await page.getByTestId("category-pills").getByRole("link", { name: text[lang].sun, exact: true }).click();
      await expect(page).toHaveURL(/\/products\/sun$/);
      await expect(page.getByTestId("product-card")).toHaveCount(4);
      for (const card of await page.getByTestId("product-card").all()) await expect(card).toContainText(text[lang].sun);
      const current = page.locator('[data-testid="category-pills"] [aria-current="page"]');
      await expect(current).toHaveText(text[lang].sun);
      const crumbs = page.getByRole("navigation", { name: text[lang].breadcrumb }).getByRole("listitem");
      await expect(crumbs).toHaveCount(3);
      await expect(crumbs.last()).toHaveText(text[lang].sun);

      await page.getByTestId("category-pills").getByRole("link", { name: text[lang].face, exact: true }).click();
      await expect(page).toHaveURL(/\/products\/face$/);
      await expect(page.getByTestId("product-card")).toHaveCount(2);

      await page.getByTestId("category-pills").getByRole("link", { name: text[lang].all }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByTestId("product-card")).toHaveCount(12);
    });

    test("an unknown category answers the empty state with status 404", async ({ page }) => {
      const response = await openIn(page, "/products/hair", lang);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("empty-state")).toContainText(text[lang].empty);
      await expect(page.getByTestId("product-card")).toHaveCount(0);
      await expect(page.locator('[data-testid="category-pills"] [aria-current="page"]')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await page.getByTestId("empty-state").getByRole("link").click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByTestId("product-card")).toHaveCount(12);
    });

    test("a card opens its product", async ({ page }) => {
      await openIn(page, "/products/face", lang);
      await page.getByTestId("product-card").getByRole("link", { name: text[lang].hydra }).click();
      await expect(page).toHaveURL(/\/product\/285972dc-cb3e-4182-9d93-d6fb10bcfbbb$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text[lang].hydra);
    });

    test("the grid goes from one column on a phone to four on a wide screen", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openIn(page, "/products", lang);
      const columns = () =>
        page.getByTestId("product-grid").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(await columns()).toBe(1);
      await page.setViewportSize({ width: 1400, height: 900 });
      expect(await columns()).toBe(4);
    });

    test("has no axe violations", async ({ page, jsEnabled }) => {
      // axe runs as a script in the page; the server-rendered markup it checks is the same in both projects.
      test.skip(!jsEnabled, "axe needs JavaScript in the page");
      await openIn(page, "/products", lang);
      await expectNoAxeViolations(page);
      await openIn(page, "/products/hair", lang);
      await expectNoAxeViolations(page);
    });
  });
}

test("the products API answers the catalogue in the envelope", async ({ request }) => {
  const response = await request.get("/api/v1/products/");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status_code: 6000, error: null });
  expect(body.data).toHaveLength(12);
  const put = await request.put("/api/v1/products/", { data: {} });
  expect(put.status()).toBe(405);
  expect((await put.json()).status_code).toBe(6001);
});
