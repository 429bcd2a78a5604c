import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type Lang = "en" | "ar";

/** Opens a path in a language (sets the language through the same ?lng= the EN/AR toggle uses). */
export async function openIn(page: Page, path: string, lang: Lang) {
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("lng", lang);
  const response = await page.goto(`${url.pathname}${url.search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  return response;
}

/** Fails with the list of axe violations (WCAG 2.1 A/AA) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});

export { expect };
