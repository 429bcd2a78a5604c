import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The admin the e2e server creates on first start (see playwright.config.ts). */
export const E2E_ADMIN = { username: "e2e-admin", password: "e2e-password-long-enough" };
/** The e2e server's access-token lifetime (ACCESS_TOKEN_TTL_SECONDS in playwright.config.ts). */
export const E2E_ACCESS_TTL_SECONDS = 20;

export const ADMIN_URLS = ["/admin/dashboard", "/admin/dashboard/codes", "/admin/dashboard/contacts"];

/** Signs in through the login form (works with and without JavaScript) and waits for the dashboard. */
export async function signIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel(/^(Username|اسم المستخدم)$/).fill(credentials.username);
  await page.getByLabel(/^(Password|كلمة المرور)$/).fill(credentials.password);
  await page.getByRole("button", { name: /^(Sign in|تسجيل الدخول)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    access: cookies.find((c) => c.name === "__Host-access_token"),
    refresh: cookies.find((c) => c.name === "__Host-refresh_token"),
  };
}
