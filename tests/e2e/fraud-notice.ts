import { expect, type Page } from "@playwright/test";

/**
 * Closes the fraud-warning notice that every public page opens on load and on each route change
 * (with JavaScript it is modal and blocks the page until closed). Call it after each navigation
 * before interacting with the page.
 */
export async function closeFraudNotice(page: Page) {
  const notice = page.getByTestId("fraud-notice");
  await expect(notice).toBeVisible();
  await notice.getByTestId("fraud-notice-close").click();
  await expect(notice).toBeHidden();
}
