import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";
import { text } from "./catalog-helpers";

const categoryNames = ["face", "face-and-body", "sun", "under-arms", "body", "instant-white"];

for (const lang of ["en", "ar"] as const) {
  test.describe(`home (${lang})`, () => {
    test("hero with its two buttons, six category cards and a carousel", async ({ page }) => {
      await openIn(page, "/", lang);
      const hero = page.locator("section", { has: page.locator("#hero-title") });
      await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(hero.getByRole("link", { name: text[lang].verify })).toHaveAttribute("href", "/verify");
      await expect(hero.getByRole("link", { name: text[lang].shop })).toHaveAttribute("href", "/products");
      const heroImage = hero.locator("img");
      await expect(heroImage).toHaveAttribute("width", "1200");
      expect(await heroImage.getAttribute("alt")).toBeTruthy();

      const cards = page.getByTestId("category-cards").getByRole("link");
      await expect(cards).toHaveCount(6);
      for (const [i, name] of categoryNames.entries()) await expect(cards.nth(i)).toHaveAttribute("href", `/products/${name}`);
      // Category images are below the fold: lazy, with their size set.
      await expect(cards.first().locator("img")).toHaveAttribute("loading", "lazy");
      await expect(cards.first().locator("img")).toHaveAttribute("height", "600");

      await expect(page.locator("[data-carousel]")).toHaveAttribute("aria-roledescription", /.+/);
    });

    test("the hero buttons lead to the verify page and the catalogue", async ({ page, jsEnabled }) => {
      await openIn(page, "/", lang);
      await page.getByRole("link", { name: text[lang].shop }).first().click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByTestId("product-card")).toHaveCount(12);
      // Home sends only the carousel's words of the catalogue; each page after it brings its own
      // (with JavaScript: added to what the browser has), so nothing shows as a bare key.
      await expect(page.getByRole("link", { name: text[lang].all })).toBeVisible();
      await page.getByTestId("product-card").getByRole("link", { name: text[lang].hydra }).click();
      await expect(page).toHaveURL(/\/product\//);
      await expect(page.getByRole("tab", { name: text[lang].description }).or(page.getByRole("link", { name: text[lang].description }))).toBeVisible();
      await expect(page.getByRole("button", { name: text[lang].next })).toBeVisible({ visible: jsEnabled });
      await expect(page.locator("main")).not.toContainText(/\b(catalog|product|carousel)\.[a-z]/);

      await openIn(page, "/", lang);
      await page.getByTestId("hero-verify").click();
      await expect(page).toHaveURL(/\/verify$/);
    });

    test("a category card opens that category", async ({ page }) => {
      await openIn(page, "/", lang);
      await page.getByTestId("category-cards").getByRole("link", { name: new RegExp(text[lang].sun) }).click();
      await expect(page).toHaveURL(/\/products\/sun$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text[lang].sun);
      // The four sunscreens, the family lotion (SPF 59) among them.
      await expect(page.getByTestId("product-card")).toHaveCount(4);
    });

    // The home page's axe audit, in both languages and both projects, with the fraud notice open and
    // closed, is in layout-axe.spec.ts.
  });
}

// axe needs script in the page, so the no-JavaScript markup is checked from the js project with the
// app's own scripts blocked: the page stays exactly as the server rendered it (no carousel buttons, tabs as links).
test.describe("with the app's scripts blocked", () => {
  test.use({ waitForHydration: false });
  for (const lang of ["en", "ar"] as const) {
    test(`the pages as rendered without JavaScript have no axe violations (${lang})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "runs axe; the js project blocks the app's scripts instead");
      test.setTimeout(120_000);
      await page.route(/\.m?js(\?.*)?$/, (route) => route.abort());
      for (const path of ["/", "/products", "/products/sun", "/product/285972dc-cb3e-4182-9d93-d6fb10bcfbbb"]) {
        await openIn(page, path, lang);
        await expect(page.locator("[data-carousel] button")).toHaveCount(0);
        await expectNoAxeViolations(page);
      }
    });
  }
});

// Decision 140: the hero, the category cards, the showcase's words and the slides are static islands.
// The document carries them as markup only (not again in its hydration data); the browser keeps that
// markup while hydrating, its links still navigate on the client, and a client navigation back home
// renders them from the loader data.
test.describe("home's static islands", () => {
  test("the document's hydration data leaves out what the islands show", async ({ page }) => {
    for (const lang of ["en", "ar"] as const) {
      const html = await (await page.request.get(`/?lng=${lang}`)).text();
      const data = html.slice(html.indexOf("streamController.enqueue("));
      expect(data.length).toBeGreaterThan(100);
      for (const shown of [text[lang].sun, text[lang].hydra, text[lang].verify]) {
        expect(html.slice(0, html.indexOf("streamController.enqueue("))).toContain(shown);
        expect(data).not.toContain(shown);
      }
      // What the hydrated parts need is there: the carousel's own words and the page's title.
      expect(data).toContain(text[lang].next);
    }
  });

  for (const lang of ["en", "ar"] as const) {
    test(`hydrating keeps the islands, their links navigate on the client, and home renders again after a navigation (${lang})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "hydration needs JavaScript");
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await openIn(page, "/", lang);
      const cards = page.getByTestId("category-cards").getByRole("link");
      await expect(cards).toHaveCount(6);
      await expect(page.locator("[data-carousel] .carousel-slide")).toHaveCount(12);
      // The carousel works on the slides React kept: its buttons move the strip.
      await page.locator("[data-carousel]").getByRole("button", { name: text[lang].next }).click();
      await expect(page.locator("[data-carousel]")).toHaveAttribute("data-index", "1");

      // A link inside an island is a client navigation: the page's window survives it.
      await page.evaluate(() => ((window as unknown as { islandMark: number }).islandMark = 1));
      await page.getByTestId("category-cards").getByRole("link", { name: new RegExp(text[lang].sun) }).click();
      await expect(page).toHaveURL(/\/products\/sun(\?|$)/);
      await expect(page.getByTestId("product-card")).toHaveCount(4);
      expect(await page.evaluate(() => (window as unknown as { islandMark?: number }).islandMark)).toBe(1);

      // Back home by the header's link: rendered in the browser from the loader data.
      await page.getByTestId("site-header").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/(\?.*)?$/);
      await expect(page.getByTestId("category-cards").getByRole("link")).toHaveCount(6);
      await expect(page.locator("[data-carousel] .carousel-slide")).toHaveCount(12);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("hero-verify")).toHaveText(text[lang].verify);
      expect(await page.evaluate(() => (window as unknown as { islandMark?: number }).islandMark)).toBe(1);

      // The language toggle on a freshly loaded home: the islands give way to the other language's content.
      const other = lang === "en" ? "ar" : "en";
      await openIn(page, "/", lang);
      await page.getByTestId("language-toggle").click();
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(page.getByTestId("hero-verify")).toHaveText(text[other].verify);
      await expect(page.getByTestId("category-cards").getByRole("link", { name: new RegExp(text[other].sun) })).toBeVisible();
      await expect(page.locator("[data-carousel] .carousel-slide")).toHaveCount(12);
      expect(errors).toEqual([]);
    });
  }
});
