import { clientSession, expect, openIn, test, type Lang } from "./fixtures";

const categoryTitles = {
  en: ["Face Care", "Face and Body Care", "Sun Care", "Under Arms Care", "Body Care", "Instant White"],
  ar: ["العناية بالوجه", "العناية بالوجه والجسم", "الحماية من الشمس", "العناية بمنطقة الإبط", "العناية بالجسم", "التفتيح الفوري"],
};
const categoryNames = ["face", "face-and-body", "sun", "under-arms", "body", "instant-white"];

const text = {
  en: { tagline: "Premium cosmetics for face and body care", follow: "Follow us", backToSite: "Back to the website", notFound: "Page Not Found", privacy: "Privacy Policy", terms: "Terms of Use", rights: "Lunara. All rights reserved.", instagram: "Lunara on Instagram", facebook: "Lunara on Facebook", twitter: "Lunara on Twitter", contact: "Contact us" },
  ar: { tagline: "مستحضرات تجميل فاخرة للعناية بالوجه والجسم", follow: "تابعينا", backToSite: "العودة إلى الموقع", notFound: "الصفحة غير موجودة", privacy: "سياسة الخصوصية", terms: "شروط الاستخدام", rights: "لونارا. جميع الحقوق محفوظة.", instagram: "لونارا على إنستغرام", facebook: "لونارا على فيسبوك", twitter: "لونارا على تويتر", contact: "التواصل معنا" },
};

for (const lang of ["en", "ar"] as Lang[]) {
  const t = text[lang];

  test(`footer content (${lang})`, async ({ page }) => {
    await openIn(page, "/terms", lang);
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByText(t.tagline)).toBeVisible();
    await expect(footer.getByTestId("footer-copyright")).toHaveText(`© ${new Date().getFullYear()} ${t.rights}`);

    const email = footer.getByTestId("footer-email");
    await expect(email).toHaveAttribute("href", "mailto:care@lunara.example");
    await expect(email.locator(".ltr-token")).toHaveText("care@lunara.example");
    await expect(email.locator(".ltr-token")).toHaveCSS("direction", "ltr");

    const categories = footer.getByRole("navigation").filter({ has: page.getByRole("link", { name: categoryTitles[lang][0] }) });
    const links = categories.getByRole("link");
    await expect(links).toHaveText(categoryTitles[lang]);
    for (const [i, name] of categoryNames.entries()) await expect(links.nth(i)).toHaveAttribute("href", `/products/${name}`);

    const socials: [string, string][] = [
      [t.instagram, "https://www.instagram.com/lunara.care"],
      [t.facebook, "https://www.facebook.com/lunara.care"],
      [t.twitter, "https://twitter.com/lunara_care"],
    ];
    for (const [label, host] of socials) {
      const social = footer.getByRole("link", { name: label });
      await expect(social).toHaveAttribute("href", host);
      await expect(social).toHaveAttribute("rel", /noopener/);
    }

    await expect(footer.getByRole("link", { name: t.privacy, exact: true })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: t.terms, exact: true })).toHaveAttribute("href", "/terms");
    await footer.getByRole("link", { name: t.privacy, exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.privacy);
  });

  test(`the footer is a static island: its words are not in the hydration data (${lang})`, async ({ page }) => {
    for (const path of ["/", "/verify", "/contact"]) {
      const html = await (await page.request.get(`${path}?lng=${lang}`)).text();
      const start = html.indexOf("streamController.enqueue(");
      expect(start, path).toBeGreaterThan(0);
      for (const shown of [t.tagline, t.follow]) {
        expect(html.slice(0, start), path).toContain(shown);
        expect(html.slice(start), path).not.toContain(shown);
      }
    }
  });

  test(`the footer survives the error boundary drawing the frame again, and its links navigate on the client (${lang})`, async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "a client navigation needs JavaScript");
    const session = clientSession(page);
    await openIn(page, "/verify", lang);
    await session.mark();
    // A client navigation to a result that does not exist: the public layout's error boundary
    // renders the frame anew, footer included, without new loader data for it.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/verify/result/AAAAAAAAAAAAAAAAAAAAAA"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFound);
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByText(t.tagline)).toBeVisible();
    await expect(footer.getByRole("link", { name: t.instagram })).toHaveAttribute("href", "https://www.instagram.com/lunara.care");
    await expect(footer.getByRole("navigation").first().getByRole("link")).toHaveText(categoryTitles[lang]);
    // Its links still navigate on the client, into the layout's own frame, footer again intact.
    await footer.getByRole("link", { name: t.terms, exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.terms);
    await expect(page.getByTestId("site-footer").getByText(t.tagline)).toBeVisible();
    await expect(page.getByTestId("site-footer").getByTestId("footer-copyright")).toHaveText(`© ${new Date().getFullYear()} ${t.rights}`);
    expect(await session.sameWindow()).toBe(true);
    expect(session.errors).toEqual([]);
  });

  test(`arriving from the admin sign-in page by a client navigation, the footer is rendered from the layout's loader data (${lang})`, async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "a client navigation needs JavaScript");
    const session = clientSession(page);
    await openIn(page, "/admin", lang);
    await session.mark();
    await page.getByRole("link", { name: t.backToSite }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
    const footer = page.getByTestId("site-footer");
    await expect(footer.getByText(t.tagline)).toBeVisible();
    await expect(footer.getByRole("link", { name: t.twitter })).toHaveAttribute("href", "https://twitter.com/lunara_care");
    await expect(footer.getByTestId("footer-copyright")).toHaveText(`© ${new Date().getFullYear()} ${t.rights}`);
    expect(await session.sameWindow()).toBe(true);
    expect(session.errors).toEqual([]);
  });

  test(`floating contact button at the bottom end corner, never over the first screen, a focused field or the footer's links (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openIn(page, "/privacy", lang);
    const button = page.getByTestId("floating-contact");
    // The first screen is the page's own (issue 38): the button comes in once the page is scrolled.
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 400);
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(t.contact);
    await expect(button).toHaveAttribute("href", "/contact");
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 40);
    if (lang === "en") expect(box.x).toBeGreaterThan(390 / 2);
    else expect(box.x + box.width).toBeLessThan(390 / 2);
    // At the very bottom it does not cover the footer's links.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(async () => {
      const b = (await button.boundingBox())!;
      for (const link of await page.getByTestId("site-footer").getByRole("link").all()) {
        const l = (await link.boundingBox())!;
        const overlaps = l.x < b.x + b.width && b.x < l.x + l.width && l.y < b.y + b.height && b.y < l.y + l.height;
        expect(overlaps, await link.innerText()).toBe(false);
      }
    }).toPass();
    // At 320 px too.
    await page.setViewportSize({ width: 320, height: 568 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(async () => {
      const b = (await button.boundingBox())!;
      for (const link of await page.getByTestId("site-footer").getByRole("link").all()) {
        const l = (await link.boundingBox())!;
        const overlaps = l.x < b.x + b.width && b.x < l.x + l.width && l.y < b.y + b.height && b.y < l.y + l.height;
        expect(overlaps, await link.innerText()).toBe(false);
      }
    }).toPass();
    await button.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId("floating-contact")).toHaveCount(0);
    // A field with the focus is never under it (a shopper typing a code reads its hint).
    await openIn(page, "/verify", lang);
    await page.mouse.wheel(0, 300);
    await expect(page.getByTestId("floating-contact")).toBeVisible();
    await page.getByRole("textbox").first().focus();
    await expect(page.getByTestId("floating-contact")).toBeHidden();
  });
}
