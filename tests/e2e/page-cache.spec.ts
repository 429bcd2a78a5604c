import arCommon from "../../locales/ar/common";
import arHome from "../../locales/ar/home";
import enContact from "../../locales/en/contact";
import enHome from "../../locales/en/home";
import { expect, test } from "./fixtures";

/**
 * The page cache in front of React Router (decision 132) never carries one visitor's answer to
 * another: each request here is a separate visitor (plain fetch, no cookie jar), against the real
 * production server. The cache's own header says what it did: `hit`, `miss`, or absent when the
 * request went to the framework untouched.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: runs once, in the js project");

type Visit = { status: number; cache: string | null; nonce: string; html: string; headers: Headers };

async function visit(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Visit> {
  const response = await fetch(new URL(path, baseURL), { headers: { accept: "text/html", ...headers }, redirect: "manual" });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { status: response.status, cache: response.headers.get("x-page-cache"), nonce, html, headers: response.headers };
}

/** Until the page is in the cache (the first visit may be a miss, or a hit left by another test). */
async function warm(baseURL: string, path: string, headers: Record<string, string> = {}) {
  await visit(baseURL, path, headers);
  const second = await visit(baseURL, path, headers);
  expect(second.cache).toBe("hit");
  return second;
}

/** The toast region's markup (the dictionary with the same words travels in every page's data). */
const toast = (html: string) => /<section aria-label="Notifications"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";

const nonces = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

test("a page from the cache carries its own fresh nonce, in the header and everywhere in the document", async ({ baseURL }) => {
  const first = await warm(baseURL!, "/verify?lng=en");
  const second = await visit(baseURL!, "/verify?lng=en");
  expect(second.cache).toBe("hit");
  expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(second.nonce).not.toBe(first.nonce);
  expect(nonces(second.html).length).toBeGreaterThan(2);
  expect(new Set(nonces(second.html))).toEqual(new Set([second.nonce]));
  expect(second.html).not.toContain(first.nonce);
  // The inline loader that adds the module script after the first paint gives it the same nonce.
  expect(second.html).toContain(`s.nonce=${JSON.stringify(second.nonce)}`);
  // Apart from the nonce, the two answers are the same document.
  expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
});

test("each visitor gets the language they asked for (?lng=, cookie, Accept-Language), never the cached one of another", async ({ baseURL }) => {
  const english = await warm(baseURL!, "/", { "accept-language": "en-GB,en;q=0.9" });
  expect(english.html).toContain('<html lang="en" dir="ltr"');

  const byHeader = await visit(baseURL!, "/", { "accept-language": "ar-AE,ar;q=0.9" });
  expect(byHeader.html).toContain('<html lang="ar" dir="rtl"');
  expect(byHeader.html).toContain(arHome.hero.title);
  expect(byHeader.html).not.toContain(enHome.hero.title);

  const byCookie = await visit(baseURL!, "/", { "accept-language": "en", cookie: `lng=${encodeURIComponent(btoa(JSON.stringify("ar")))}` });
  expect(byCookie.html).toContain('<html lang="ar" dir="rtl"');

  const byQuery = await visit(baseURL!, "/?lng=en", { "accept-language": "ar", cookie: `lng=${encodeURIComponent(btoa(JSON.stringify("ar")))}` });
  expect(byQuery.html).toContain('<html lang="en" dir="ltr"');
  // ?lng= remembers the choice: the same language cookie for everyone who follows that link.
  expect(byQuery.headers.getSetCookie().join()).toMatch(/^lng=/);

  const again = await visit(baseURL!, "/", { "accept-language": "en-GB,en;q=0.9" });
  expect(again.html).toContain('<html lang="en" dir="ltr"');
  expect(again.html).toContain(enHome.hero.title);
  expect(again.headers.getSetCookie()).toEqual([]);
});

test("a visitor's toast is shown to that visitor only, and a cached page never carries one", async ({ baseURL }) => {
  const before = await warm(baseURL!, "/contact?lng=en");
  expect(toast(before.html)).toBe("");

  // A real message, sent without JavaScript: the answer is a redirect with the toast cookie.
  const posted = await fetch(new URL("/contact?lng=en", baseURL), {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ name: "Cache Isolation", phone_number: "+971 50 123 4567", message: "Does the page cache keep my notice to myself?", website: "" }),
  });
  expect(posted.status).toBe(302);
  const toastCookie = posted.headers.getSetCookie().find((c) => c.startsWith("toast="))!.split(";")[0]!;

  const mine = await visit(baseURL!, "/contact?lng=en", { cookie: toastCookie });
  expect(mine.cache).toBeNull();
  expect(toast(mine.html)).toContain(enContact.form.sent);
  expect(mine.headers.getSetCookie().join()).toContain("toast=;");

  const someoneElse = await visit(baseURL!, "/contact?lng=en");
  expect(someoneElse.cache).toBe("hit");
  expect(toast(someoneElse.html)).toBe("");
  // Only the language cookie its ?lng= asks for: no toast cookie, set or cleared.
  expect(someoneElse.headers.getSetCookie()).toEqual([expect.stringMatching(/^lng=/)]);
});

test("a session, any other cookie or any other query goes to the framework and is never stored", async ({ baseURL }) => {
  await warm(baseURL!, "/products?lng=ar");
  const withSession = await visit(baseURL!, "/products?lng=ar", { cookie: "__Host-access_token=not-a-real-token; __Host-refresh_token=nor-this" });
  expect(withSession.cache).toBeNull();
  expect(withSession.html).toContain(arCommon.nav.home);

  const prefilled = await visit(baseURL!, "/verify?lng=en&code=ABCD-EFGH-JKLM");
  expect(prefilled.cache).toBeNull();
  expect(prefilled.html).toContain("ABCD-EFGH-JKLM");
  const plain = await visit(baseURL!, "/verify?lng=en");
  expect(plain.html).not.toContain("ABCD-EFGH-JKLM");

  // A result of a check is one visitor's own page: never cached, whoever asks.
  const result = await visit(baseURL!, "/verify/result/00000000-0000-0000-0000-000000000000?lng=en");
  expect(result.cache).toBeNull();
  const notFound = await visit(baseURL!, "/products/no-such-category?lng=en");
  expect(notFound.status).toBe(404);
  expect(notFound.cache).toBeNull();
  expect((await visit(baseURL!, "/products/no-such-category?lng=en")).cache).toBeNull();
  // The internal marker never leaves the server.
  expect(withSession.headers.get("x-page-cache-eligible")).toBeNull();
  expect(plain.headers.get("x-page-cache-eligible")).toBeNull();
});
