import type { APIRequestContext, Page } from "@playwright/test";
import routes from "../../app/routes";
import { products } from "../../app/platform/catalog/products";
import { api, apiToken, signIn, uniqueCode } from "./admin-helpers";
import { expect, fraudNotice, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { CLIENTS } from "./shopper-checks";

// Issue 29, "No page wider than its screen": every page of app/routes.ts, at four widths, in both
// languages, with and without JavaScript (the two projects): the document never scrolls sideways.
// One page load per route and language; the viewport is resized between widths on the same page.

const WIDTHS = [320, 390, 768, 1280] as const;
const LANGS: Lang[] = ["en", "ar"];

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every page of the route table as its full path template; resource routes (`.ts` modules: API, files, redirects) left out. */
function pageTemplates(entries: readonly RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.file.endsWith(".tsx") ? [path || "/"] : [];
    return [...own, ...pageTemplates(entry.children ?? [], path)];
  });
}

type Fixture = { batchId: string; lot: string; alertId: string; reportId: string; scanId: string; packPath: string; invitation: string };

/** The records the pages with a path parameter show: made through the API, as a brand's team and a shopper would. */
async function makeFixture(request: APIRequestContext): Promise<Fixture> {
  const product = products[0]!;
  const stamp = Date.now().toString(36).toUpperCase();
  // A two-part run: its page, one pack's GS1 Digital Link page, the lot's page.
  const lot = `HC-${stamp}-A`;
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, quantity: 3, lot, best_before: "2029-01-31", label: "two_part" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const batchId = created.body.data.batch.id as string;
  const csv = await request.get(`/api/v1/batches/${batchId}/codes.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  const firstRow = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n")[1]!.split(",");
  const packUrl = new URL(firstRow[3]!);
  // A code verified by its buyer, then checked from another country: a clone alert, and a counterfeit answer to report.
  const code = uniqueCode("W");
  expect((await api(request, "POST", "/api/v1/codes/create/", { code, product_id: product.id })).status).toBe(201);
  const check = async (client: string) => {
    const response = await request.post("/api/v1/codes/verify/", { data: { code }, headers: { "X-Forwarded-For": client } });
    expect(response.status()).toBe(200);
    return (await response.json()).data.scan_id as string;
  };
  await check(CLIENTS.us);
  const scanId = await check(CLIENTS.cz);
  const alerts = (await api(request, "GET", "/api/v1/alerts/list/?status=open")).body.data.alerts as { id: string; code: string }[];
  const alertId = alerts.find((a) => a.code === code)!.id;
  const report = await request.post("/api/v1/reports/create/", {
    data: { scan_id: scanId, seller: "Bazaar stall 7, Deira Old Souk", city: "Dubai", country: "AE", purchased_on: new Date().toISOString().slice(0, 10) },
  });
  expect(report.status(), await report.text()).toBe(201);
  const reference = (await report.json()).data.reference as string;
  const reports = (await api(request, "GET", "/api/v1/reports/list/")).body.data.reports as { id: string; reference: string }[];
  const reportId = reports.find((r) => r.reference === reference)!.id;
  // A pending invitation (its page is opened signed out).
  const member = await api(request, "POST", "/api/v1/admins/create/", { username: `widths-${stamp.toLowerCase()}`, role: "viewer" });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  const invitation = new URL(member.body.data.invitation_url as string).pathname;
  return { batchId, lot, alertId, reportId, scanId, packPath: `${packUrl.pathname}${packUrl.search}`, invitation };
}

/** A real address for each page template (a template missing here fails the test: a new page gets measured too). */
function samplePaths(f: Fixture): Record<string, string> {
  const product = products[0]!;
  const gtin = product.gtin.padStart(14, "0");
  return {
    "/admin": "/admin",
    "/admin/invitation/:token": f.invitation,
    "/admin/forgot-password": "/admin/forgot-password",
    // A link that no longer works: its page says so (the working link's page is in forgot-password.spec.ts).
    "/admin/reset-password/:token": `/admin/reset-password/${"x".repeat(43)}`,
    // A sign-in link that no longer works (decision 171): its page says so.
    "/admin/sign-in-link/:token": `/admin/sign-in-link/${"x".repeat(43)}`,
    "/admin/dashboard": "/admin/dashboard",
    "/admin/dashboard/codes": "/admin/dashboard/codes",
    "/admin/dashboard/contacts": "/admin/dashboard/contacts",
    "/admin/dashboard/batches": "/admin/dashboard/batches",
    "/admin/dashboard/batches/:id": `/admin/dashboard/batches/${f.batchId}`,
    "/admin/dashboard/scans": "/admin/dashboard/scans",
    "/admin/dashboard/alerts": "/admin/dashboard/alerts",
    "/admin/dashboard/alerts/:alertId": `/admin/dashboard/alerts/${f.alertId}`,
    "/admin/dashboard/reports": "/admin/dashboard/reports",
    "/admin/dashboard/reports/:reportId": `/admin/dashboard/reports/${f.reportId}`,
    "/admin/dashboard/team": "/admin/dashboard/team",
    "/admin/dashboard/keys": "/admin/dashboard/keys",
    "/admin/dashboard/webhooks": "/admin/dashboard/webhooks",
    "/admin/dashboard/audit": "/admin/dashboard/audit",
    "/admin/dashboard/account": "/admin/dashboard/account",
    "/": "/",
    "/products": "/products",
    "/products/:category": "/products/face-and-body",
    "/product/:id?": `/product/${product.id}`,
    "/contact": "/contact",
    "/verify": "/verify",
    "/verify/result/:scanId": `/verify/result/${f.scanId}`,
    "/verify/result/:scanId/report": `/verify/result/${f.scanId}/report`,
    "/registrations/check-inbox": "/registrations/check-inbox",
    "/registrations/confirmed": "/registrations/confirmed",
    "/registrations/unsubscribed": "/registrations/unsubscribed",
    // Links that no longer work (the working ones' pages are in registrations.spec.ts).
    "/registrations/confirm/:token": `/registrations/confirm/${"x".repeat(43)}`,
    "/registrations/unsubscribe/:token": `/registrations/unsubscribe/${"x".repeat(43)}`,
    "/01/:gtin/10/:lot/21/:serial": f.packPath,
    "/01/:gtin": `/01/${gtin}`,
    "/01/:gtin/10/:lot": `/01/${gtin}/10/${f.lot}`,
    // A serial in a shape our labels never print (decision 190): the counterfeit answer.
    "/01/*": `/01/${gtin}/21/ABCDEFGHJKM`,
    "/recalls/01/:gtin/10/:lot": `/recalls/01/${gtin}/10/${f.lot}`,
    // An NFC tap's page for a link no tag makes (a genuine tap's page, with its product, is in nfc-taps.spec.ts).
    "/tap/:scanId": "/tap/unreadable",
    "/privacy": "/privacy",
    "/terms": "/terms",
    "/api/docs": "/api/docs",
    "/*": "/no-such-page/with-a-rather-long-name-that-keeps-going",
  };
}

/** Signed-in pages (the admin's frame); the sign-in and invitation pages are opened signed out. */
const signedIn = (template: string) => template.startsWith("/admin/dashboard");

type Offender = { route: string; lang: Lang; width: number; scrollWidth: number; clientWidth: number };

/** Opens `path` in `lang` and measures it at every width; the fraud notice closed first, as a visitor does. */
async function measure(page: Page, path: string, lang: Lang, jsEnabled: boolean): Promise<Offender[]> {
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("lng", lang);
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  const notice = fraudNotice(page);
  if (await notice.isVisible()) await notice.getByTestId("fraud-notice-close").click();
  // The API reference is drawn by Scalar after the page loads: measured once drawn, as a visitor reads it.
  if (jsEnabled && url.pathname === "/api/docs") await expect(page.getByTestId("api-reference").getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
  const offenders: Offender[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // With JavaScript, let the page answer the resize (two frames); reading the widths lays the page out either way.
    if (jsEnabled) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, innerWidth }));
    // clientWidth is innerWidth less a classic scrollbar: the document scrolls sideways as soon as it is wider.
    if (size.scrollWidth > Math.min(size.clientWidth, size.innerWidth)) offenders.push({ route: path, lang, width, scrollWidth: size.scrollWidth, clientWidth: size.clientWidth });
  }
  return offenders;
}

const templates = pageTemplates(routes as RouteEntry[]);

test.describe("no page wider than its screen", () => {
  let fixture: Fixture;
  test.beforeAll(async ({ request }) => {
    fixture = await makeFixture(request);
  });

  test("every page of the route table has an address to measure", () => {
    const known = samplePaths(fixture);
    expect(templates.filter((template) => !(template in known))).toEqual([]);
  });

  for (const lang of LANGS) {
    for (const area of ["signed-out", "admin"] as const) {
      test(`${area} pages (${lang}): at ${WIDTHS.join(", ")} px the document is never wider than the viewport`, async ({ page, jsEnabled }) => {
        // About fifteen pages, each laid out at four widths: minutes on a busy 2-core machine.
        test.setTimeout(240_000);
        if (area === "admin") skipEnglishWithoutJs(lang);
        const paths = samplePaths(fixture);
        const mine = templates.filter((template) => signedIn(template) === (area === "admin") && template in paths);
        if (area === "admin") await signIn(page, lang);
        const offenders: Offender[] = [];
        for (const template of mine) offenders.push(...(await measure(page, paths[template]!, lang, jsEnabled)));
        const lines = offenders.map((o) => `${o.route} (${o.lang}) at ${o.width} px: ${o.scrollWidth} px wide (viewport ${o.clientWidth} px)`);
        expect(lines, `pages wider than the screen:\n${lines.join("\n")}`).toEqual([]);
      });
    }
  }
});
