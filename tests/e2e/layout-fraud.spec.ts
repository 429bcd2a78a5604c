import { HYDRA } from "./catalog-helpers";
import { insertCode } from "./db";
import { closeFraudNotice, expect, openIn, test, type Lang } from "./fixtures";

// These specs are about the notice itself: they open and close it by hand.
test.use({ fraudNoticeMode: "keep" });

const text = {
  en: { title: "Beware of fake websites", other: "احذري المواقع المزيّفة", button: "I understand", products: "Products" },
  ar: { title: "احذري المواقع المزيّفة", other: "Beware of fake websites", button: "فهمت", products: "المنتجات" },
};

for (const lang of ["en", "ar"] as Lang[]) {
  const t = text[lang];

  test(`the fraud notice opens on load, in both languages, and its button closes it (${lang})`, async ({ page, jsEnabled }) => {
    await openIn(page, "/privacy", lang);
    const notice = page.getByRole("dialog", { name: t.title });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(lang === "en" ? "only official website of Lunara" : "الموقع الرسمي الوحيد لعلامة لونارا");
    await expect(notice.getByText(t.other)).toBeVisible();
    await expect(notice.locator(`[lang=${lang === "en" ? "ar" : "en"}]`)).toContainText(t.other);
    const isModal = await notice.evaluate((el) => el.matches(":modal"));
    // With JavaScript a real modal with focus on its button; without, an open non-modal dialog that traps nobody.
    expect(isModal).toBe(jsEnabled);
    if (jsEnabled) await expect(notice.getByRole("button", { name: t.button })).toBeFocused();
    await notice.getByRole("button", { name: t.button }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByTestId("fraud-notice")).not.toHaveAttribute("open");
    // The page stays where it was (the dialog form does not navigate).
    await expect(page).toHaveURL(/\/privacy\?lng=/);
  });
}

test("with JavaScript: Escape closes it, focus returns, and it opens again on every route change", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "route changes without JavaScript are full page loads, covered by the load test");
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, "/privacy", "en");
  const notice = page.getByTestId("fraud-notice");
  await expect(notice).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();

  const productsLink = page.getByTestId("site-header").getByRole("link", { name: "Products", exact: true });
  await productsLink.focus();
  await productsLink.press("Enter");
  await expect(page).toHaveURL(/\/products$/);
  await expect(notice).toBeVisible();
  expect(await notice.evaluate((el) => el.matches(":modal"))).toBe(true);
  await expect(notice.getByRole("button", { name: "I understand" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  await expect(productsLink).toBeFocused();

  // A client-side navigation to another page opens it again.
  await page.getByTestId("site-footer").getByRole("link", { name: "Terms of Use" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(notice).toBeVisible();
  await closeFraudNotice(page);
});

test("without JavaScript: the open notice does not block the page, and every page load shows it again", async ({ page, jsEnabled }) => {
  test.skip(jsEnabled, "no-JavaScript behaviour");
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, "/privacy", "en");
  await expect(page.getByTestId("fraud-notice")).toBeVisible();
  // Keyboard users can still reach the page behind it.
  await page.getByTestId("site-header").getByRole("link", { name: "Products", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId("fraud-notice")).toBeVisible();
  await closeFraudNotice(page);
  await page.goto("/terms");
  await expect(page.getByTestId("fraud-notice")).toBeVisible();
});

test("with JavaScript: a check's result is not interrupted by the notice; on a fresh load the notice comes first", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript every result is a page load, which shows the notice above the result");
  const code = insertCode(HYDRA).code;
  await openIn(page, "/verify", "en");
  await closeFraudNotice(page);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify Product" }).click();
  await expect(page).toHaveURL(/\/verify\/result\//);
  const result = page.getByTestId("verify-dialog");
  await expect(result).toBeVisible();
  expect(await result.evaluate((el) => el.matches(":modal"))).toBe(true);
  await expect(page.getByTestId("fraud-notice")).toBeHidden();

  // Reloading the result is a first load: the notice shows alone, then the result once it is closed.
  await page.reload();
  await expect(page.getByTestId("fraud-notice")).toBeVisible();
  await expect(result).toBeHidden();
  await closeFraudNotice(page);
  await expect(result).toBeVisible();
  await expect(result.getByRole("heading", { level: 2 })).toBeFocused();
});
