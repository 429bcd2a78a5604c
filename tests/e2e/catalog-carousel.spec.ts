import type { Page } from "@playwright/test";
import { expect, openIn, test } from "./fixtures";
import { HYDRA, text } from "./catalog-helpers";

const carousel = (page: Page) => page.locator("[data-carousel]").first();
const slide = (page: Page, i: number) => carousel(page).locator(".carousel-slide").nth(i).locator("img");

test.describe("carousel with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "needs JavaScript");

  for (const lang of ["en", "ar"] as const) {
    test(`previous, next and dots move and wrap at both ends (${lang})`, async ({ page }) => {
      await openIn(page, `/product/${HYDRA}`, lang);
      const c = carousel(page);
      await expect(c).toHaveAttribute("aria-roledescription", /.+/);
      await expect(c.locator('[role="group"]')).toHaveCount(3);
      await expect(c).toHaveAttribute("data-index", "0");
      const next = c.getByRole("button", { name: text[lang].next });
      const previous = c.getByRole("button", { name: text[lang].previous });

      await next.click();
      await expect(c).toHaveAttribute("data-index", "1");
      await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
      await next.click();
      await expect(c).toHaveAttribute("data-index", "2");
      await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });
      await next.click();
      await expect(c).toHaveAttribute("data-index", "0");
      await expect(slide(page, 0)).toBeInViewport({ ratio: 0.9 });
      await previous.click();
      await expect(c).toHaveAttribute("data-index", "2");
      await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });

      const dots = c.getByRole("button", { name: lang === "en" ? /^Show image \d$/ : /^عرض الصورة \d$/ });
      await expect(dots).toHaveCount(3);
      await dots.nth(1).click();
      await expect(c).toHaveAttribute("data-index", "1");
      await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await expect(c.locator('button[aria-current="true"]')).toHaveCount(1);
    });
  }

  test("in Arabic the arrows swap sides and next moves towards the left", async ({ page }) => {
    await openIn(page, `/product/${HYDRA}`, "ar");
    const c = carousel(page);
    const next = await c.getByRole("button", { name: text.ar.next }).boundingBox();
    const previous = await c.getByRole("button", { name: text.ar.previous }).boundingBox();
    expect(next!.x).toBeLessThan(previous!.x);
    const first = await slide(page, 0).boundingBox();
    await c.getByRole("button", { name: text.ar.next }).click();
    await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
    // The first image left towards the right (reading direction), so it is now right of where it was.
    const firstAfter = await slide(page, 0).boundingBox();
    expect(firstAfter!.x).toBeGreaterThan(first!.x);

    await openIn(page, `/product/${HYDRA}`, "en");
    const nextEn = await carousel(page).getByRole("button", { name: text.en.next }).boundingBox();
    const previousEn = await carousel(page).getByRole("button", { name: text.en.previous }).boundingBox();
    expect(nextEn!.x).toBeGreaterThan(previousEn!.x);
  });

  test("advances every 5 seconds until the visitor navigates", async ({ page }) => {
    await page.clock.install();
    await openIn(page, `/product/${HYDRA}`, "en");
    const c = carousel(page);
    await expect(c).toHaveAttribute("data-playing", "true");
    // Freeze time so only runFor moves it (a slow machine must not add ticks between steps).
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1_000);
    await expect(c).toHaveAttribute("data-index", "0");
    await page.clock.runFor(5_000);
    await expect(c).toHaveAttribute("data-index", "1");
    await expect(slide(page, 1)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(5_000);
    await expect(c).toHaveAttribute("data-index", "2");
    await expect(slide(page, 2)).toBeInViewport({ ratio: 0.9 });
    await page.clock.runFor(5_000);
    await expect(c).toHaveAttribute("data-index", "0");

    // Manual navigation stops the slide show.
    await c.getByRole("button", { name: text.en.next }).click();
    await expect(c).toHaveAttribute("data-index", "1");
    await page.mouse.move(0, 0);
    await expect(c).toHaveAttribute("data-playing", "false");
    await page.clock.runFor(15_000);
    await expect(c).toHaveAttribute("data-index", "1");
    await expect(c.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  });

  test("never auto-advances for prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openIn(page, "/", "en");
    const c = carousel(page);
    await expect(c.getByRole("button", { name: text.en.next })).toBeVisible();
    await page.clock.runFor(16_000);
    await expect(c).toHaveAttribute("data-index", "0");
    await expect(c).toHaveAttribute("data-playing", "false");
    await c.getByRole("button", { name: text.en.next }).click();
    await expect(c).toHaveAttribute("data-index", "1");
  });
});

test.describe("carousel without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the no-JavaScript fallback");

  for (const lang of ["en", "ar"] as const) {
    test(`every image is reachable by scrolling the strip (${lang})`, async ({ page }) => {
      await openIn(page, `/product/${HYDRA}`, lang);
      const c = carousel(page);
      await expect(c.getByRole("button")).toHaveCount(0);
      const track = c.locator('[tabindex="0"]').first();
      const overflow = await track.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, snap: getComputedStyle(el).scrollSnapType }));
      expect(overflow.scroll).toBeGreaterThan(overflow.client * 2);
      expect(overflow.snap).toContain("x");
      for (let i = 0; i < 3; i++) {
        await slide(page, i).scrollIntoViewIfNeeded();
        await expect(slide(page, i)).toBeInViewport({ ratio: 0.9 });
      }
      // Keyboard: the focused strip scrolls with the arrow keys.
      await slide(page, 0).scrollIntoViewIfNeeded();
      await track.focus();
      await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
      await expect(slide(page, 1)).toBeInViewport({ ratio: 0.5 });
    });
  }
});
