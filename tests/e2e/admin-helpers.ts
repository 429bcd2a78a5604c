import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Lang } from "./fixtures";

export const ADMIN = { username: "e2e-admin", password: "e2e-password-long-enough" };

/** Signs in through the login form (works with and without JavaScript), then opens `path` in `lang`. */
export async function signIn(page: Page, lang: Lang = "en", path = "/admin/dashboard") {
  // Straight to `path` after signing in (the sign-in page's `next`), as a member sent back to their page is.
  await page.goto(path === "/admin/dashboard" ? `/admin?lng=${lang}` : `/admin?lng=${lang}&next=${encodeURIComponent(path)}`);
  await page.locator('input[name="username"]').fill(ADMIN.username);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL("**/admin/dashboard**");
  const here = new URL(page.url());
  if (here.pathname !== path && `${here.pathname}${here.search}` !== path) await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await settle(page);
}

/** With JavaScript, waits until React has taken over the page (so clicks reach its handlers). */
export async function settle(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) await expect(page.locator("#admin-main")).toHaveAttribute("data-hydrated", "true");
}

const tokens = new WeakMap<APIRequestContext, { token: string; at: number }>();

/** An API access token for the e2e admin (the e2e server's tokens live 20 s: renewed after 10 s). */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const cached = tokens.get(request);
  if (cached && Date.now() - cached.at < 10_000) return cached.token;
  const response = await request.post("/api/v1/users/login/", { data: ADMIN });
  expect(response.status()).toBe(200);
  const token = (await response.json()).data.access_token as string;
  tokens.set(request, { token, at: Date.now() });
  return token;
}

export async function api(request: APIRequestContext, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown) {
  const token = await apiToken(request);
  const response = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status(), body: await response.json() };
}

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** A code no other test will use: 10 characters, shown grouped ABCD-EFGH-JK. */
export function uniqueCode(prefix = "T"): string {
  let code = prefix;
  while (code.length < 10) code += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return code;
}

/** The catalogue's product ids, read from the shipped data module. */
export async function productIds(): Promise<string[]> {
  const { products } = await import("../../app/platform/catalog/products");
  return products.map((p) => p.id);
}

export async function createCodeViaApi(request: APIRequestContext, code = uniqueCode(), productIndex = 0) {
  const ids = await productIds();
  const res = await api(request, "POST", "/api/v1/codes/create/", { code, product_id: ids[productIndex % ids.length] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string; product: { id: string; name: string; name_ar: string } };
}

export function formatted(code: string) {
  return code.match(/.{1,4}/g)!.join("-");
}

export function rowOf(page: Page, code: string) {
  return page.locator(`tr[data-code="${code}"]`);
}
