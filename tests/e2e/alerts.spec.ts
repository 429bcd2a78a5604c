import { signIn, settle } from "./admin-helpers";
import { insertCode } from "./db";
import { expect, expectNoAxeViolations, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { alertsOfCode, checkAs, CLIENTS, scanCountries, words } from "./shopper-checks";
import { HYDRA } from "./catalog-helpers";

for (const lang of ["en", "ar"] as Lang[]) {
  const { p, v } = words[lang];

  test.describe(`brand protection: clone alerts (${lang})`, () => {
    test("a used code checked from a second client raises a clone alert that the dashboard shows; acknowledge, then close", async ({ page, jsEnabled }) => {
      skipEnglishWithoutJs(lang);
      test.slow();
      const code = insertCode(HYDRA).code;
      // The buyer verifies it (United States); someone else checks the same label from the Czech Republic.
      await checkAs(page, lang, code, CLIENTS.us);
      await expect(page.getByRole("dialog")).toHaveAttribute("data-valid", "true");
      await checkAs(page, lang, code, CLIENTS.cz);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toHaveAttribute("data-valid", "false");
      await expect(dialog.getByTestId("first-verified")).toContainText(v.dialog.firstVerified.split("{{date}}")[1]!.trim().slice(0, 20));
      await expect(dialog.getByRole("link", { name: v.dialog.report })).toHaveAttribute("href", /\/verify\/result\/[A-Za-z0-9_-]{22}\/report$/);
      // Stored: the country of each check (never the address), one open clone alert listing both scans.
      expect(scanCountries(code)).toEqual(["US", "CZ"]);
      expect(alertsOfCode(code)).toEqual([expect.objectContaining({ kind: "clone", status: "open", scans_count: 2 })]);

      // The dashboard shows it: an open alert, and the chart (server-rendered, also without JavaScript).
      await signIn(page, lang);
      const openCard = page.getByTestId("card-open-alerts");
      await expect(openCard).toContainText(p.dashboard.openAlerts);
      expect(Number((await openCard.locator("span").nth(1).innerText()).trim())).toBeGreaterThanOrEqual(1);
      const chart = page.getByTestId("checks-chart");
      await expect(chart.getByRole("heading", { name: p.dashboard.chartTitle })).toBeVisible();
      await expect(chart.locator("svg rect[data-outcome='used']").first()).toBeVisible();
      const table = page.getByTestId("checks-table");
      await expect(table.locator("tbody tr")).toHaveCount(30);
      await expect(table.locator("thead th")).toHaveText([p.dashboard.date, ...Object.values(p.outcomes), p.dashboard.total]);
      await expect(page.getByTestId("top-countries")).toContainText(lang === "en" ? "Czechia" : "التشيك");

      // The alerts screen lists it; its page says why and lists both scans.
      await openCard.click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/alerts\?status=open$/);
      await settle(page);
      const row = page.locator(`tr[data-code="${code}"]`);
      await expect(row.getByTestId("alert-status")).toHaveText(p.alerts.statuses.open);
      await expect(row).toContainText(p.alerts.kinds.clone);
      await row.getByRole("link", { name: new RegExp(`^${p.alerts.view}`) }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard\/alerts\/[0-9a-f-]{36}$/);
      await settle(page);
      await expect(page.getByTestId("alert-reasons")).toContainText(p.alerts.reasons.countries.split(":")[0]!);
      await expect(page.getByTestId("scan-row")).toHaveCount(2);
      await expect(page.getByTestId("scan-code").first()).toHaveText(code);

      // Acknowledge, then close: each with a toast; who and when are recorded.
      await page.getByTestId("alert-acknowledge").click();
      await expect(page.getByTestId("toast").first()).toContainText(p.alerts.toast.acknowledged);
      await expect(page.getByTestId("alert-status")).toHaveText(p.alerts.statuses.acknowledged);
      await expect(page.getByTestId("alert-acknowledged")).toContainText("e2e-admin");
      await expect(page.getByTestId("alert-acknowledge")).toHaveCount(0);
      await page.getByTestId("alert-close").click();
      await expect(page.getByTestId("toast").first()).toContainText(p.alerts.toast.closed);
      await expect(page.getByTestId("alert-status")).toHaveText(p.alerts.statuses.closed);
      await expect(page.getByTestId("alert-closed")).toContainText("e2e-admin");
      expect(alertsOfCode(code)).toEqual([expect.objectContaining({ status: "closed", acknowledged_by: "e2e-admin", closed_by: "e2e-admin" })]);
      if (jsEnabled) await expectNoAxeViolations(page);
    });

    test("the scan log filters by country and exports the filtered scans as CSV", async ({ page }) => {
      skipEnglishWithoutJs(lang);
      const code = insertCode(HYDRA).code;
      await checkAs(page, lang, code, CLIENTS.cz);
      await signIn(page, lang, `/admin/dashboard/scans?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.scans.title);
      await page.getByLabel(p.filters.country).selectOption("CZ");
      await page.getByLabel(p.filters.outcome).selectOption("valid");
      await page.getByRole("button", { name: p.filters.apply }).click();
      await expect(page).toHaveURL(/country=CZ/);
      await expect(page.locator(`[data-testid=scan-row]`, { has: page.getByText(code, { exact: true }) })).toHaveCount(1);
      await expect(page.getByTestId("scan-row").first()).toHaveAttribute("data-outcome", "valid");

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("scans-export").click()]);
      const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
      const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
      expect(lines[0]).toBe("id,created_at,outcome,code,product_id,batch_id,country,lang,kind,serial");
      expect(lines.slice(1).every((line) => line.includes(",valid,") && line.includes(",CZ,"))).toBe(true);
      expect(lines.some((line) => line.includes(`,${code},`))).toBe(true);

      // A malformed filter in the URL is explained, not a 500.
      const response = await page.goto(`/admin/dashboard/scans?lng=${lang}&from=2026-99-01`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText(p.filters.errors.date)).toBeVisible();
      await expect(page.getByText(p.filters.invalid)).toBeVisible();
      await expect(page.getByRole("combobox", { name: p.filters.batch })).toHaveValue("");
    });
  });
}
