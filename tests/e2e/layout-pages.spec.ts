import { expect, openIn, test, type Lang } from "./fixtures";

const notFound = {
  en: { title: "Page Not Found", home: "Back to home" },
  ar: { title: "الصفحة غير موجودة", home: "العودة إلى الرئيسية" },
};

for (const lang of ["en", "ar"] as Lang[]) {
  test(`unknown paths answer 404 with the not-found page (${lang})`, async ({ page, jsEnabled }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await openIn(page, "/no/such-page", lang);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`${notFound[lang].title} | ${lang === "ar" ? "لونارا" : "Lunara"}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFound[lang].title);
    await expect(page.getByTestId("not-found").locator("code")).toHaveText("/no/such-page");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // The site's frame stays around it.
    await expect(page.getByTestId("site-header")).toBeVisible();
    await expect(page.getByTestId("site-footer")).toBeVisible();
    if (jsEnabled) await expect.poll(() => messages).toContain("404 Not Found: /no/such-page");
    await page.getByTestId("not-found").getByRole("link", { name: notFound[lang].home }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

const legal = {
  privacy: {
    en: { h1: "Privacy Policy", must: ["keyed hash", "WhatsApp number", "__Host-access_token, __Host-refresh_token", "lng", "toast"] },
    ar: { h1: "سياسة الخصوصية", must: ["بصمة", "رقم واتساب", "__Host-access_token, __Host-refresh_token", "lng", "toast"] },
  },
  terms: {
    en: { h1: "Terms of Use", must: ["only official website of Lunara", "works once", "not medical advice"] },
    ar: { h1: "شروط الاستخدام", must: ["الموقع الرسمي الوحيد لعلامة لونارا", "يصلح مرة واحدة", "ليست نصيحة طبية"] },
  },
};

for (const [path, content] of Object.entries(legal)) {
  for (const lang of ["en", "ar"] as Lang[]) {
    test(`/${path} in ${lang}: real content, contents links, contact e-mail and meta`, async ({ page }) => {
      const response = await openIn(page, `/${path}`, lang);
      expect(response?.status()).toBe(200);
      const c = content[lang];
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.h1);
      await expect(page).toHaveTitle(`${c.h1} | ${lang === "ar" ? "لونارا" : "Lunara"}`);
      const article = page.getByTestId(`legal-${path}`);
      for (const phrase of c.must) await expect(article).toContainText(phrase);
      expect(await article.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(8);
      await expect(article.getByRole("link", { name: "care@lunara.example" })).toHaveAttribute("href", "mailto:care@lunara.example");
      await expect(article.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      // Meta: description, canonical and hreflang alternates.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      const base = new URL(page.url()).origin;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base}/${path}${lang === "ar" ? "?lng=ar" : ""}`);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${base}/${path}`);
      await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", `${base}/${path}?lng=ar`);
      // The contents list jumps to its sections.
      const contents = article.getByRole("navigation");
      const lastLink = contents.getByRole("link").last();
      const target = (await lastLink.getAttribute("href"))!;
      await lastLink.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    });
  }
}

test("robots.txt keeps crawlers out of admin and API and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toMatch(/^Disallow: \/admin$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists every public page in both languages with hreflang alternates", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1] ?? "");
  for (const path of ["/", "/products", "/products/face", "/products/instant-white", "/verify", "/contact", "/privacy", "/terms"]) {
    expect(locs).toContain(`${baseURL}${path}`);
    expect(locs).toContain(`${baseURL}${path}?lng=ar`);
  }
  expect(locs.some((loc) => loc.includes("/admin") || loc.includes("/api"))).toBe(false);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${baseURL}/verify?lng=ar"/>`);
  // Every listed page exists.
  for (const loc of locs.filter((l) => !l.includes("?"))) {
    expect((await request.get(loc)).status(), loc).toBe(200);
  }
});
