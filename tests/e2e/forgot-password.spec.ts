import arAuth from "../../locales/ar/auth";
import enAuth from "../../locales/en/auth";
import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";

const dict = { en: enAuth, ar: arAuth } as const;

// The mailed link itself is followed in Vitest (app/routes/admin/password-reset-routes.test.ts,
// app/features/sign-in/password-reset.server.test.ts against a real SMTP server); here, the pages a member sees.
for (const lang of ["en", "ar"] as const) {
  const t = dict[lang];
  test(`forgot your password (${lang}): from the sign-in page, any username gets the same answer`, async ({ page }) => {
    await openIn(page, "/admin", lang);
    await page.getByRole("link", { name: t.forgot.link }).click();
    await expect(page.getByRole("heading", { name: t.forgot.title })).toBeVisible();
    await page.getByLabel(t.forgot.identifier).fill("nobody.in.e2e");
    await page.getByRole("button", { name: t.forgot.submit }).click();
    await expect(page.getByTestId("forgot-sent")).toHaveText(t.forgot.sent);
    await expect(page.getByRole("heading", { name: t.forgot.sentTitle })).toBeVisible();
    await expect(page.getByTestId("mail-off")).toHaveText(t.forgot.mailOff);
    await expectNoAxeViolations(page);
  });
}
