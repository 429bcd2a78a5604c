import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import arAuth from "../../locales/ar/auth";
import enAuth from "../../locales/en/auth";
import { api } from "./admin-helpers";
import { expect, expectNoAxeViolations, openIn, test, skipEnglishWithoutJs } from "./fixtures";

// Issue 42 (decision 171): a sign-in link for a new browser. The sign-in page offers it when a sign-in
// is refused as too many attempts (proven against the real limits in Vitest and the hardening check
// `abuse`; the browser tests run with the limits far up). Here: the offer's own form posted, the mail
// the server writes (no SMTP_URL: an .eml file), the link's page in both languages with and without
// JavaScript, its button, and the sign-in after it.

const dict = { en: enAuth, ar: arAuth } as const;
const mailFolder = join(process.env.E2E_DATA_DIR ?? "./data/e2e", "mail");

/** The sign-in link of the mail written for `to` (quoted-printable soft breaks undone), or null. */
function signInLink(to: string): string | null {
  let names: string[] = [];
  try {
    names = readdirSync(mailFolder).filter((name) => name.endsWith(".eml"));
  } catch {
    return null;
  }
  for (const name of names) {
    const eml = readFileSync(join(mailFolder, name), "utf8").replace(/=\r?\n/g, "");
    if (!eml.includes(`To: ${to}`)) continue;
    const found = /(\/admin\/sign-in-link\/[A-Za-z0-9_.-]+)/.exec(eml);
    if (found) return found[1]!;
  }
  return null;
}

for (const lang of ["en", "ar"] as const) {
  const t = dict[lang];
  test(`a mailed sign-in link lets a new browser sign in (${lang})`, async ({ page, request }) => {
    skipEnglishWithoutJs(lang);
    test.slow(); // a member made and given a password (three hashes), and the account mails' loop (every 15 s)
    const username = `link.${lang}.${test.info().project.name}.${Date.now()}`.toLowerCase();
    const email = `${username}@example.com`;
    const temporary = "sapphire-kettle-morning-3";
    const password = "harbor-quill-tangerine-58";
    expect((await api(request, "POST", "/api/v1/admins/create/", { username, role: "viewer", email, password: temporary })).status).toBe(201);
    const login = await request.post("/api/v1/users/login/", { data: { username, password: temporary } });
    const token = (await login.json()).data.access_token as string;
    expect((await request.post("/api/v1/users/password/", { data: { current_password: temporary, new_password: password }, headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

    // The offer's form, as the sign-in page posts it.
    const asked = await request.post(`/admin?lng=${lang}`, { form: { intent: "sign_in_link", username } });
    expect(asked.status()).toBe(200);
    expect(await asked.text()).toContain('data-testid="sign-in-link-sent"');
    await expect.poll(() => signInLink(email), { timeout: 40_000 }).not.toBeNull();

    // The link's page names the account and changes nothing until its button is pressed.
    await openIn(page, signInLink(email)!, lang);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(username);
    await expect(page.getByText(t.signInLink.intro)).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await page.context().cookies()).find((c) => c.name === "__Host-admin_device")).toBeUndefined();
    await page.getByRole("button", { name: t.signInLink.confirm }).click();
    await expect(page).toHaveURL(/\/admin\?/);
    await expect(page.getByText(t.signInLink.doneTitle).first()).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === "__Host-admin_device")?.value).toMatch(/^m1\./);

    // Then the member signs in with the password (the name is filled in).
    await page.getByLabel(t.password).fill(password);
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    expect((await page.context().cookies()).find((c) => c.name === "__Host-admin_device")?.value).toMatch(/^v1\./);
  });
}
