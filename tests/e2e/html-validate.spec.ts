import type { Page } from "@playwright/test";
import { HtmlValidate, type Message } from "html-validate";
import { HYDRA } from "./catalog-helpers";
import { signIn } from "./admin-helpers";
import { expect, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { htmlValidateConfig } from "./html-validate.config";

/*
 * Every page's markup through html-validate (recommended rules, React's own attribute style aside:
 * see html-validate.config.ts): landmarks with unique names, ARIA used where it belongs, valid
 * nesting. Without JavaScript the HTML the server sends; with it, the page after hydration.
 */

const validator = new HtmlValidate(htmlValidateConfig);

const PUBLIC = [
  "/",
  "/products",
  "/products/face",
  "/products/face-and-body",
  "/products/sun",
  "/products/under-arms",
  "/products/body",
  "/products/instant-white",
  `/product/${HYDRA}`,
  "/contact",
  "/verify",
  "/privacy",
  "/terms",
  "/no-such-page",
  "/admin",
];
const ADMIN = [
  "/admin/dashboard",
  "/admin/dashboard/codes",
  "/admin/dashboard/codes?status=expired",
  "/admin/dashboard/contacts",
  "/admin/dashboard/batches",
  "/admin/dashboard/scans",
  "/admin/dashboard/alerts",
  "/admin/dashboard/reports",
  "/admin/dashboard/team",
  "/admin/dashboard/keys",
  "/admin/dashboard/webhooks",
  "/admin/dashboard/audit",
  "/admin/dashboard/account",
];
/** Pages whose scripts draw a third party's markup (the API reference, decision 157): the server's HTML is ours to validate. */
const SERVER_MARKUP = ["/api/docs"];

const describe = (messages: Message[]) => messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `${m.line}:${m.column}`})`);

async function markup(page: Page, path: string, jsEnabled: boolean): Promise<string> {
  if (!jsEnabled) {
    const response = await page.request.get(path);
    expect([200, 404], path).toContain(response.status());
    return response.text();
  }
  await page.goto(path);
  return page.content();
}

async function problems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return describe(report.results.flatMap((r) => r.messages));
}

for (const lang of ["en", "ar"] as Lang[]) {
  test(`html-validate: the public pages and the sign-in page (${lang})`, async ({ page, jsEnabled }) => {
    test.slow();
    await page.goto(`/?lng=${lang}`);
    // A check's result view too (its dialog open): the POST answers with its address.
    const check = await page.request.post("/verify", { form: { code: "3769M7B9" }, maxRedirects: 0 });
    expect(check.status()).toBe(302);
    const found: string[] = [];
    for (const path of [...PUBLIC, check.headers()["location"]!]) for (const problem of await problems(await markup(page, path, jsEnabled))) found.push(`${path}: ${problem}`);
    for (const path of SERVER_MARKUP) for (const problem of await problems(await markup(page, `${path}?lng=${lang}`, false))) found.push(`${path}: ${problem}`);
    expect(found).toEqual([]);
  });

  test(`html-validate: the admin screens (${lang})`, async ({ page, jsEnabled }) => {
    skipEnglishWithoutJs(lang);
    test.slow();
    await signIn(page, lang);
    const found: string[] = [];
    for (const path of ADMIN) for (const problem of await problems(await markup(page, path, jsEnabled))) found.push(`${path}: ${problem}`);
    expect(found).toEqual([]);
  });
}

test("the validator is on: two landmarks with one name fail it", async () => {
  const html = `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><nav aria-label="Main"></nav><nav aria-label="Main"></nav></body></html>`;
  expect((await problems(html)).join("\n")).toContain("unique-landmark");
});
