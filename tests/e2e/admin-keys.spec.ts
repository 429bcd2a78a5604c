import { randomBytes } from "node:crypto";
import { expect, expectNoAxeViolations, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { settle, signIn } from "./admin-helpers";

const KEYS = "/admin/dashboard/keys";

const text = {
  en: { title: "API keys", name: "Name", create: "Create key", scope: "Read the scan log", revoke: "Revoke", active: "Active", revoked: "Revoked", never: "Never" },
  ar: { title: "مفاتيح الواجهة البرمجية", name: "الاسم", create: "إنشاء المفتاح", scope: "قراءة سجلّ عمليات التحقّق", revoke: "إلغاء", active: "فعّال", revoked: "ملغى", never: "لم يُستخدم" },
};

for (const lang of ["en", "ar"] as Lang[]) {
  const t = text[lang];
  test(`an owner creates an API key, sees its secret once, a machine uses it, the owner revokes it (${lang})`, async ({ page, jsEnabled }) => {
    skipEnglishWithoutJs(lang);
    test.setTimeout(90_000);
    const name = `ERP ${lang} ${randomBytes(3).toString("hex")}`;
    await signIn(page, lang, KEYS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    // In the owner's admin menu (a disclosure).
    await expect(page.locator(`details a[href="${KEYS}"]`)).toHaveText(t.title);

    // Create: a name and one scope.
    const form = page.locator("#create-key");
    await form.getByLabel(t.name, { exact: true }).fill(name);
    await form.getByRole("checkbox", { name: new RegExp(t.scope) }).check();
    await form.getByRole("button", { name: t.create }).click();
    const reveal = page.getByTestId("key-reveal");
    // The answer carries the new key (a busy machine may take a while to write it).
    await expect(reveal).toBeVisible({ timeout: 20_000 });
    await expect(reveal).toContainText(name);
    if (jsEnabled) await expect(reveal).toBeFocused();
    const secret = (await reveal.getByTestId("key-secret").textContent())!.trim();
    expect(secret).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("copy-secret")).toHaveCount(jsEnabled ? 1 : 0);
    const row = page.locator(`tr[data-prefix="${secret.slice(0, 11)}"]`);
    await expect(row.getByTestId("key-state")).toHaveText(t.active);
    await expect(row).toContainText(t.never);
    await expectNoAxeViolations(page);

    // A machine uses it: the scan log it may read; print runs it may not.
    const headers = { Authorization: `Bearer ${secret}` };
    expect((await page.request.get("/api/v1/scans/list/", { headers })).status()).toBe(200);
    const refused = await page.request.get("/api/v1/batches/list/", { headers });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ status_code: 6001, error: "insufficient_scope" });

    // Seen once: the page again shows the key, its last use, and no secret.
    await page.goto(`${KEYS}?lng=${lang}`);
    await settle(page);
    await expect(page.getByTestId("key-reveal")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret.slice(11));
    await expect(row).not.toContainText(t.never);

    // Revoke, after the confirmation (a dialog with JavaScript, a confirmation step without).
    await row.getByRole(jsEnabled ? "button" : "link", { name: new RegExp(name) }).click();
    const confirm = jsEnabled ? page.getByRole("dialog") : page.locator("#confirm-revoke");
    await expect(confirm).toContainText(name);
    await confirm.locator('button[type="submit"]').click();
    await expect(row.getByTestId("key-state")).toHaveText(t.revoked);
    await expect(row.getByRole("button", { name: t.revoke })).toHaveCount(0);

    // The machine is refused at once.
    const after = await page.request.get("/api/v1/scans/list/", { headers });
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({ status_code: 6001, error: "invalid_token" });
  });
}
