import { expect, expectNoAxeViolations, openIn, test, type Lang } from "./fixtures";

// Decision 157: /api/docs is the API's reference, drawn by Scalar (served from this site, under the
// site's CSP) from /api/v1/openapi.json; without JavaScript it is the intro and the document's link.

const words = {
  en: { h1: "API reference", link: "The OpenAPI document (openapi.json)" },
  ar: { h1: "مرجع واجهة البرمجة", link: "مستند OpenAPI (openapi.json)" },
};

// Scalar's bundle is 4.8 MB (1.4 MB gzipped): on a busy 2-core machine it takes tens of seconds to load
// and run, so the two languages take turns rather than compete.
test.describe.configure({ mode: "serial" });

for (const lang of ["en", "ar"] as Lang[]) {
  test(`/api/docs in ${lang}: the reference with JavaScript, the document's link always`, async ({ page, jsEnabled, baseURL }) => {
    test.setTimeout(150_000);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
    });
    const outside: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol !== "data:" && url.origin !== new URL(baseURL!).origin) outside.push(request.url());
    });
    const response = await openIn(page, "/api/docs", lang);
    expect(response?.status()).toBe(200);
    // Only this page's styles may be inline <style> elements (Scalar's); its scripts are as strict as everywhere.
    const policy = response!.headers()["content-security-policy"]!;
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic';/);
    // The page's own heading (Scalar, once drawn, adds an h1 of its own for the document's title).
    await expect(page.getByRole("heading", { level: 1, name: words[lang].h1 })).toHaveText(words[lang].h1);
    const link = page.getByTestId("openapi-link");
    await expect(link).toHaveAttribute("href", "/api/v1/openapi.json");
    await expect(link).toHaveText(words[lang].link);
    const reference = page.getByTestId("api-reference");
    if (jsEnabled) {
      // Scalar shows the operations by their summaries (the first group open).
      await expect(reference.getByText("List products").first()).toBeVisible({ timeout: 120_000 });
      await expect(reference).toHaveAttribute("data-testid", "api-reference");
      await expect(page.getByTestId("api-docs-notice")).toHaveCount(0);
      expect(refused).toEqual([]);
      expect(outside).toEqual([]);
    } else {
      await expect(page.getByTestId("api-docs-notice")).toBeVisible();
      await expect(reference).toBeEmpty();
    }
    // No wider than a phone's screen.
    await page.setViewportSize({ width: 320, height: 800 });
    const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
    // Our part of the page; Scalar's own markup fails color contrast in places (decision 157).
    if (lang === "en") await expectNoAxeViolations(page, { exclude: '[data-testid="api-reference"]' });
    const openapi = await page.request.get("/api/v1/openapi.json");
    expect(openapi.headers()["cache-control"]).toBe("public, max-age=300");
    expect(await openapi.json()).toMatchObject({ openapi: "3.1.0", paths: { "/api/v1/codes/verify/": { post: { summary: "Check a code" } } } });
  });
}
