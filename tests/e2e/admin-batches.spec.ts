import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Download, Page } from "@playwright/test";
import { labelBox, LAYOUTS, qrBox } from "../../app/features/print-files/layouts";
import arBatches from "../../locales/ar/batches";
import arVerify from "../../locales/ar/verify";
import enBatches from "../../locales/en/batches";
import enVerify from "../../locales/en/verify";
import { api, formatted, productIds, settle, signIn } from "./admin-helpers";
import { e2eDb, getCode } from "./db";
import { expect, expectNoAxeViolations, openIn, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { tr } from "./i18n";

const dict = { en: { b: enBatches, v: enVerify }, ar: { b: arBatches, v: arVerify } } as const;
const RUNS = "/admin/dashboard/batches";
/** The running test's own folder for rendered sheets (each test may run in any worker: no shared folder). */
const scratchDir = () => test.info().outputPath();

const uniqueLot = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
/** Words as the page shows them: the dictionaries' isolating marks are invisible. */
const visible = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

async function saved(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const pending = page.waitForEvent("download");
  await click();
  const download = await pending;
  return { download, bytes: readFileSync((await download.path())!) };
}

/** Rows of the printer's CSV (no cell of ours holds a comma, a quote or a line break). */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean).map((line) => line.split(","));
}

/** Renders page 1 of a PDF with poppler's pdftoppm and decodes the QR inside a label box. */
function decodeLabels(pdf: Buffer, name: string, indexes: number[]): (string | null)[] {
  const file = join(scratchDir(), `${name}.pdf`);
  writeFileSync(file, pdf);
  const dpi = 200;
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", file, join(scratchDir(), name)]);
  const png = PNG.sync.read(readFileSync(join(scratchDir(), `${name}.png`)));
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const layout = LAYOUTS.L7651;
  return indexes.map((index) => {
    const box = qrBox(layout, labelBox(layout, index));
    const [x0, y0, size] = [px(box.x), px(box.y), px(box.size)];
    const out = new Uint8ClampedArray(size * size * 4);
    for (let y = 0; y < size; y++) out.set(png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + size) * 4), y * size * 4);
    return jsQR(out, size, size)?.data ?? null;
  });
}

/** A run made through the API (the screens are tested on their own below). */
async function runViaApi(request: Parameters<typeof api>[0], body: Record<string, unknown>) {
  const res = await api(request, "POST", "/api/v1/batches/create/", { product_id: (await productIds())[0], quantity: 3, lot: uniqueLot("API"), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const batch = res.body.data.batch as { id: string; lot: string };
  const list = await api(request, "GET", `/api/v1/codes/list/?batch=${batch.id}`);
  return { batch, codes: (list.body.data.codes as { code: string; serial: number }[]).map((c) => c.code) };
}

async function verifyAsShopper(page: Page, lang: Lang, code: string) {
  const { v } = dict[lang];
  await openIn(page, "/verify", lang);
  await page.getByLabel(v.form.label).fill(formatted(code));
  await page.getByRole("button", { name: v.form.submit }).click();
  await expect(page).toHaveURL(/\/verify\/result\//);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ["en", "ar"] as Lang[]) {
  const { b, v } = dict[lang];

  test.describe(`print runs (${lang})`, () => {
    test("create a run of 50; its CSV and its L7651 sheet hold the codes; revoke it and one of its codes is counterfeit", async ({ page, jsEnabled, baseURL }) => {
      skipEnglishWithoutJs(lang);
      test.slow(); // a PDF render and two downloads on a shared machine
      const lot = uniqueLot(`E2E${lang.toUpperCase()}`);
      await signIn(page, lang, RUNS);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.title);
      await page.getByTestId("product-picker").locator('input[type="radio"]').nth(1).check();
      // The form offers two-part labels first (admin-packs.spec.ts); this run is of single codes.
      await expect(page.getByRole("radio", { name: b.create.labelKinds.two_part })).toBeChecked();
      await page.getByRole("radio", { name: b.create.labelKinds.single }).check();
      await page.getByLabel(b.create.quantity, { exact: true }).fill("50");
      await page.getByLabel(b.create.lot, { exact: true }).fill(lot);
      await page.getByLabel(new RegExp(b.create.manufacturedOn)).fill("2026-10-01");
      await page.getByLabel(new RegExp(b.create.bestBefore)).fill("2029-09-30");
      await page.getByLabel(new RegExp(b.create.market)).fill("ae");
      await page.getByRole("button", { name: b.create.submit }).click();

      // The run's page, with a success toast.
      await expect(page).toHaveURL(/\/admin\/dashboard\/batches\/[0-9a-f-]{36}$/);
      const id = page.url().split("/").pop()!;
      await expect(page.getByTestId("toast")).toContainText(visible(tr(lang, "batches:toast.created", { count: 50, n: "50", lot })));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(lot);
      await expect(page.getByTestId("count-active")).toContainText("50");
      await expect(page.getByTestId("fact-lot")).toContainText(lot);
      // Stored: one run, 50 codes with serials 1..50, all active, in no plain text.
      const stored = e2eDb().prepare("SELECT quantity, status, market, active_count FROM batches WHERE id = ?").get(id);
      expect(stored).toEqual({ quantity: 50, status: "active", market: "AE", active_count: 50 });
      const serials = e2eDb().prepare("SELECT serial FROM codes WHERE batch_id = ? ORDER BY serial").all(id) as { serial: number }[];
      expect(serials.map((s) => s.serial)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await settle(page);

      // The printer's CSV.
      const csv = await saved(page, () => page.getByTestId("download-csv").click());
      expect(csv.download.suggestedFilename()).toBe(`lunara-${lot}-codes.csv`);
      const rows = csvRows(csv.bytes);
      expect(rows[0]).toEqual(["serial", "code", "verify_url", "product_id", "product_name", "product_name_ar", "lot", "best_before", "batch_id"]);
      expect(rows).toHaveLength(51);
      const codes = rows.slice(1).map((row, i) => {
        expect(row[0]).toBe(String(i + 1));
        const code = row[1]!.replace("-", "");
        expect(row[1]).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
        expect(row[2]).toBe(`${baseURL}/verify?code=${code}`);
        expect(row.slice(6)).toEqual([lot, "2029-09-30", id]);
        expect(getCode(code)).toMatchObject({ batch_id: id, serial: i + 1, status: "active" });
        return code;
      });

      // The L7651 sheet: the first and the last label of page 1 decode to their codes' verify links.
      const pdf = await saved(page, () => page.getByTestId("download-l7651").click());
      expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const [first, last] = decodeLabels(pdf.bytes, `${lang}-${jsEnabled}-sheet`, [0, 49]);
      expect(first).toBe(`${baseURL}/verify?code=${codes[0]}`);
      expect(last).toBe(`${baseURL}/verify?code=${codes[49]}`);

      // Revoke, with a reason and a confirmation step.
      await page.getByLabel(b.revoke.reasons.misprint, { exact: true }).check();
      await page.getByLabel(b.revoke.note, { exact: true }).fill("smudged ink");
      await page.getByRole("button", { name: b.revoke.submit }).click();
      const confirm = jsEnabled ? page.getByRole("dialog") : page.locator("#confirm-revoke");
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText("50");
      expect((e2eDb().prepare("SELECT status FROM batches WHERE id = ?").get(id) as { status: string }).status).toBe("active");
      await confirm.getByRole("button", { name: b.revoke.confirm }).click();
      await expect(page.getByTestId("toast")).toContainText(visible(tr(lang, "batches:toast.revoked", { count: 50, n: "50" })));
      await expect(page.getByTestId("run-status").first()).toHaveText(b.status.revoked);
      await expect(page.getByTestId("count-revoked")).toContainText("50");
      await expect(page.getByTestId("fact-reason")).toContainText(b.revoke.reasons.misprint);
      expect(e2eDb().prepare("SELECT status, revoked_reason, revoked_note, revoked_count FROM batches WHERE id = ?").get(id)).toEqual({
        status: "revoked",
        revoked_reason: "misprint",
        revoked_note: "smudged ink",
        revoked_count: 50,
      });

      // A shopper checks one of its codes: counterfeit.
      const dialog = await verifyAsShopper(page, lang, codes[17]!);
      await expect(dialog).toHaveAttribute("data-valid", "false");
      await expect(dialog.getByRole("heading", { name: v.dialog.invalidTitle })).toBeVisible();
      expect(getCode(codes[17]!)?.status).toBe("revoked");
    });

    test("a code of a live run is genuine, with its lot and best-before date; past that date it says so plainly", async ({ page, request }) => {
      const live = await runViaApi(request, { best_before: "2031-03-31" });
      const dialog = await verifyAsShopper(page, lang, live.codes[1]!);
      await expect(dialog).toHaveAttribute("data-valid", "true");
      await expect(dialog.getByTestId("verify-lot")).toHaveText(live.batch.lot);
      await expect(dialog.getByTestId("verify-lot")).toHaveAttribute("dir", "ltr");
      await expect(dialog.getByTestId("verify-best-before")).toContainText("2031");
      await expect(dialog.getByTestId("verify-run")).toContainText(b.facts.bestBefore);
      await expect(dialog.getByTestId("past-best-before")).toHaveCount(0);

      const old = await runViaApi(request, { best_before: "2024-01-31", manufactured_on: "2022-01-31" });
      const late = await verifyAsShopper(page, lang, old.codes[0]!);
      await expect(late).toHaveAttribute("data-valid", "true");
      await expect(late.getByTestId("past-best-before")).toContainText(v.dialog.pastDate.split("(")[0]!.trim());
      await expect(late.getByTestId("past-best-before")).toContainText("2024");
      await expect(page.getByTestId("verify-banner")).toContainText("2024");
    });
  });
}

test("runs list: paged, linked; bad input keeps what was typed and explains it", async ({ page, request, jsEnabled }) => {
  const { batch } = await runViaApi(request, {});
  await signIn(page, "en", RUNS);
  const row = page.locator(`tr[data-lot="${batch.lot}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("run-active")).toHaveText("3");
  await row.getByRole("link", { name: `Open print run ${batch.lot}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard/batches/${batch.id}$`));
  await page.goto(RUNS);
  await settle(page);

  await page.getByLabel("Quantity", { exact: true }).fill(jsEnabled ? "0" : "100001");
  await page.getByLabel("Lot", { exact: true }).fill("BAD LOT!");
  await page.getByLabel(/Best before/).fill("2026-01-01");
  await page.getByLabel(/Manufactured on/).fill("2026-02-01");
  await page.getByRole("button", { name: "Create print run" }).click();
  await expect(page.getByText("Choose a product.")).toBeVisible();
  await expect(page.getByText("The quantity must be between 1 and 100,000.")).toBeVisible();
  await expect(page.getByText(/Use letters A–Z, digits/)).toBeVisible();
  await expect(page.getByText("The best-before date cannot be before the manufacturing date.")).toBeVisible();
  await expect(page.getByLabel("Lot", { exact: true })).toHaveValue("BAD LOT!");
  await expect(page.getByLabel("Lot", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // Nothing was made (other tests make runs at the same time: count this form's own lot).
  expect((e2eDb().prepare("SELECT count(*) AS n FROM batches WHERE lot = ?").get("BAD LOT!") as { n: number }).n).toBe(0);
});

test("codes screen: filter by run and find one exact code", async ({ page, request }) => {
  const { batch, codes } = await runViaApi(request, { quantity: 12 });
  await signIn(page, "en", "/admin/dashboard/codes");
  await page.getByLabel("Print run").selectOption(batch.id);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`batch=${batch.id}`));
  await expect(page.getByTestId("code-row")).toHaveCount(10);
  await expect(page.getByTestId("code-row").first()).toHaveAttribute("data-code", codes[0]!);
  await expect(page.getByTestId("code-run").first()).toContainText(`Run ${batch.lot} · #1`);
  await expect(page.getByTestId("pagination-status")).toContainText("Total: 12 codes");

  await page.getByLabel("Exact code").fill(formatted(codes[7]!).toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("code-row")).toHaveCount(1);
  await expect(page.getByTestId("code-row")).toHaveAttribute("data-code", codes[7]!);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/codes$/);
});

test("scan log: a run's check names its lot, linked to the run; the filter picks the run by its lot", async ({ page, request }) => {
  const { batch, codes } = await runViaApi(request, { quantity: 12 });
  await verifyAsShopper(page, "en", codes[2]!);
  await signIn(page, "en", "/admin/dashboard/scans");
  const runs = page.getByLabel("Print run", { exact: true });
  await expect(runs.locator(`option[value="${batch.id}"]`)).toHaveText(new RegExp(`^${batch.lot} · `));
  await runs.selectOption(batch.id);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`batch=${batch.id}`));
  await expect(page.getByTestId("scan-row")).toHaveCount(1);
  const run = page.getByTestId("scan-run");
  await expect(run).toHaveText(batch.lot);
  await run.click();
  await expect(page).toHaveURL(new RegExp(`${RUNS}/${batch.id}$`));
});

// One test per language: six axe runs in one test (each on a copy of the page without JavaScript)
// outgrew even a slow test's time on a loaded two-core machine.
for (const lang of ["en", "ar"] as Lang[]) {
  test(`axe (${lang}): runs list, a run's page, its revoke confirmation (a dialog with JavaScript, a section without)`, async ({ page, request, jsEnabled }) => {
    skipEnglishWithoutJs(lang);
    test.slow();
    const { batch } = await runViaApi(request, { quantity: 12, market: "SA", note: "axe" });
    await signIn(page, lang, RUNS);
    const { b } = dict[lang];
    await page.goto(`${RUNS}?lng=${lang}`);
    await settle(page);
    await expectNoAxeViolations(page);
    await page.goto(`${RUNS}/${batch.id}`);
    await settle(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(b.revoke.reasons.other, { exact: true }).check();
    await page.getByRole("button", { name: b.revoke.submit }).click();
    if (!jsEnabled) {
      await expect(page.locator("#confirm-revoke")).toBeVisible();
      await expectNoAxeViolations(page);
      return;
    }
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("dialog").getByRole("button", { name: b.revoke.cancel }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: b.revoke.submit })).toBeFocused();
  });
}
