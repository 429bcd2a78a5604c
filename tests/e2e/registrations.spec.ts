import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { products } from "../../app/platform/catalog/products";
import arRegistrations from "../../locales/ar/registrations";
import arVerify from "../../locales/ar/verify";
import enRegistrations from "../../locales/en/registrations";
import enVerify from "../../locales/en/verify";
import { api, apiToken } from "./admin-helpers";
import { e2eDb, grouped } from "./db";
import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";

// Issue 28, registered buyers (decision 162): after a genuine result, the sign-up for the product's
// safety notices (consent required, a clear error without it), "Check your inbox", and the mailed
// confirmation link: a page with a button (opening it confirms nothing), then "You will hear about
// this product". Without SMTP_URL the server writes each mail as an .eml file in its data folder.

const dict = { en: { v: enVerify, r: enRegistrations }, ar: { v: arVerify, r: arRegistrations } } as const;
const product = products[1]!;
const mailFolder = join(process.env.E2E_DATA_DIR ?? "./data/e2e", "mail");

/** A run of one code, created through the API; its code read from its printer's CSV. */
async function oneCode(request: Parameters<typeof apiToken>[0]) {
  const lot = `RG-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const created = await api(request, "POST", "/api/v1/batches/create/", { product_id: product.id, quantity: 1, lot });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const csv = await request.get(`/api/v1/batches/${created.body.data.batch.id}/codes.csv`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
  const [, row] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  return { lot, code: row!.split(",")[1]!.replace(/-/g, "") };
}

/** The confirmation link of the mail written for `to` (quoted-printable soft breaks undone). */
function confirmationLink(to: string): string | null {
  let names: string[] = [];
  try {
    names = readdirSync(mailFolder).filter((name) => name.endsWith(".eml"));
  } catch {
    return null;
  }
  for (const name of names) {
    const eml = readFileSync(join(mailFolder, name), "utf8").replace(/=\r?\n/g, "");
    if (!eml.includes(`To: ${to}`)) continue;
    const found = /\/registrations\/confirm\/([A-Za-z0-9_-]{20,100})/.exec(eml);
    if (found) return `/registrations/confirm/${found[1]}`;
  }
  return null;
}

for (const lang of ["en", "ar"] as const) {
  const { v, r } = dict[lang];

  test(`a genuine result offers safety notices: the form, check your inbox, the confirmation page (${lang})`, async ({ page, request }, info) => {
    test.slow(); // a check, two form posts, a mail written by the outbox, the link's two pages and an axe pass on a shared machine
    const { lot, code } = await oneCode(request);
    const email = `buyer-${lang}-${info.project.name}-${Date.now()}@example.com`;
    await openIn(page, "/verify", lang);
    await page.getByLabel(v.form.label).fill(grouped(code));
    await page.getByRole("button", { name: v.form.submit }).click();
    await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAttribute("data-valid", "true");
    await dialog.getByRole("button", { name: v.dialog.okay }).click();
    await expect(dialog).toBeHidden();

    const form = page.getByTestId("registration");
    await expect(form.getByRole("heading", { name: r.form.title })).toBeVisible();
    await expect(form.getByLabel(r.form.lang, { exact: true })).toHaveValue(lang);
    await expectNoAxeViolations(page);

    // Without consent: a clear error in the page's language, nothing stored.
    await form.getByLabel(r.form.email, { exact: true }).fill(email);
    await form.getByRole("button", { name: r.form.submit }).click();
    await expect(page.getByTestId("registration-error")).toHaveText(r.form.summary);
    await expect(page.getByTestId("registration")).toContainText(r.form.consentRequired);
    expect(e2eDb().prepare("SELECT count(*) AS n FROM registrations WHERE email = ?").get(email)).toEqual({ n: 0 });

    await page.getByTestId("registration").getByLabel(r.form.email, { exact: true }).fill(email);
    await page.getByTestId("registration").getByRole("checkbox").check();
    await page.getByTestId("registration").getByRole("button", { name: r.form.submit }).click();
    await expect(page).toHaveURL(/\/registrations\/check-inbox$/);
    await expect(page.getByRole("heading", { level: 1, name: r.sent.title })).toBeVisible();
    expect(e2eDb().prepare("SELECT lang, state FROM registrations WHERE email = ?").get(email)).toEqual({ lang, state: "pending" });

    // The mailed link: a page with a button; opening it confirms nothing.
    await expect.poll(() => confirmationLink(email)).not.toBeNull();
    await openIn(page, confirmationLink(email)!, lang);
    const card = page.getByTestId("registration-confirm");
    await expect(card.getByRole("heading", { level: 1, name: r.confirm.title })).toBeVisible();
    await expect(card.locator('bdi[dir="ltr"]', { hasText: lot })).toBeVisible();
    expect(e2eDb().prepare("SELECT state FROM registrations WHERE email = ?").get(email)).toEqual({ state: "pending" });
    await card.getByRole("button", { name: r.confirm.button }).click();
    await expect(page).toHaveURL(/\/registrations\/confirmed$/);
    await expect(page.getByRole("heading", { level: 1, name: r.confirm.doneTitle })).toBeVisible();
    expect(e2eDb().prepare("SELECT state FROM registrations WHERE email = ?").get(email)).toEqual({ state: "confirmed" });
  });
}
