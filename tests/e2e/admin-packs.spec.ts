import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { openCode } from "../../app/platform/lib/code-seal.mjs";
import { labelBox, LAYOUTS, qrBox } from "../../app/features/print-files/layouts";
import arBatches from "../../locales/ar/batches";
import arProtection from "../../locales/ar/protection";
import enBatches from "../../locales/en/batches";
import enProtection from "../../locales/en/protection";
import { gs1Read, pdfPageText, readQrCodes, renderPdfPage } from "../unit/labels";
import { formatted, settle, signIn } from "./admin-helpers";
import { codeKeys, e2eDb } from "./db";
import { expect, expectNoAxeViolations, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { tr } from "./i18n";

/**
 * Two-part print runs on the admin's side (issue 27): the run form's default kind, the run's page
 * (packs by serial and state, never a PIN), its PDF (outer labels with the pack's GS1 Digital Link QR,
 * then the inner PIN labels), and the scan log's kind filter.
 */

const dict = { en: { b: enBatches, p: enProtection }, ar: { b: arBatches, p: arProtection } } as const;
const RUNS = "/admin/dashboard/batches";
/** The running test's own folder for rendered sheets (each test may run in any worker: no shared folder). */
const scratchDir = () => test.info().outputPath();

/** A short lot GS1 can carry (at most 20 characters, no spaces) that no other test uses. */
const uniqueLot = (lang: Lang) => `P${lang.toUpperCase()}-${Date.now().toString(36).slice(-6).toUpperCase()}${Math.floor(Math.random() * 100)}`;
const visible = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

type PackRow = { id: string; serial: number; pack_serial: string; code_hash: string; code_enc: string; product_id: string };

async function downloadPdf(page: Page): Promise<Buffer> {
  const pending = page.waitForEvent("download");
  await page.getByTestId("download-l7651").click();
  return readFileSync((await (await pending).path())!);
}

for (const lang of ["en", "ar"] as Lang[]) {
  const { b, p } = dict[lang];

  test(`a two-part run of 50 from the form: sealed packs without PINs, outer and inner PDF sheets, views in the scan log (${lang})`, async ({ page, baseURL, jsEnabled }) => {
    skipEnglishWithoutJs(lang);
    test.slow(); // two PDF pages rendered and decoded, two axe passes, on a shared machine
    const { products } = await import("../../app/platform/catalog/products");
    const product = products[2]!;
    const lot = uniqueLot(lang);
    await signIn(page, lang, RUNS);
    await page.getByTestId("product-picker").locator('input[type="radio"]').nth(2).check();
    // Two-part labels are the form's default.
    await expect(page.getByRole("radio", { name: b.create.labelKinds.two_part })).toBeChecked();
    await expect(page.getByTestId("label-kind")).toContainText(b.create.labelKindHints.two_part);
    await page.getByLabel(b.create.quantity, { exact: true }).fill("50");
    await page.getByLabel(b.create.lot, { exact: true }).fill(lot);
    await page.getByLabel(new RegExp(b.create.bestBefore)).fill("2029-09-30");
    await page.getByRole("button", { name: b.create.submit }).click();

    // The run's page: 50 sealed packs, listed by serial and state.
    await expect(page).toHaveURL(/\/admin\/dashboard\/batches\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await expect(page.getByTestId("toast")).toContainText(visible(tr(lang, "batches:toast.createdPacks", { count: 50, n: "50", lot })));
    await expect(page.getByTestId("fact-label")).toContainText(b.create.labelKinds.two_part);
    await expect(page.getByTestId("count-sealed")).toContainText("50");
    await expect(page.getByTestId("count-verified")).toContainText("0");
    await expect(page.getByTestId("count-views")).toContainText("0");
    const packs = e2eDb().prepare("SELECT id, serial, pack_serial, code_hash, code_enc, product_id FROM codes WHERE batch_id = ? ORDER BY serial").all(id) as PackRow[];
    expect(packs).toHaveLength(50);
    const rows = page.getByTestId("run-pack");
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toHaveAttribute("data-serial", packs[0]!.pack_serial);
    await expect(rows.first()).toHaveAttribute("data-state", "sealed");
    await expect(rows.first()).toContainText(formatted(packs[0]!.pack_serial));
    // The PIN is only in the exports: never on the page.
    const [serial, pin] = openCode(codeKeys(), packs[0]!.code_enc, packs[0]!.code_hash).split("/") as [string, string];
    expect(serial).toBe(packs[0]!.pack_serial);
    const html = await page.content();
    expect(html).not.toContain(pin);
    expect(html).not.toContain(pin.match(/.{1,3}/g)!.join("-"));
    await settle(page);
    if (jsEnabled) await expectNoAxeViolations(page);

    // The L7651 PDF: page 1 holds the outer labels, page 2 (the inner sheet's first page) the PINs.
    const pdf = await downloadPdf(page);
    const dpi = 150;
    const layout = LAYOUTS.L7651;
    const name = `${lang}-${jsEnabled ? "js" : "nojs"}`;
    const [uri] = await readQrCodes(renderPdfPage(pdf, 1, dpi, scratchDir(), `${name}-outer`), dpi, qrBox(layout, labelBox(layout, 0)));
    expect(uri).toBe(`${baseURL}/01/0${product.gtin}/10/${lot}/21/${serial}?17=290930`);
    const read = gs1Read(uri!);
    expect(read).toMatchObject({ valid: true, gtin: `0${product.gtin}`, lot, expiry: "290930" });
    expect(packs.map((row) => row.pack_serial)).toContain(read.serial);
    const inner = renderPdfPage(pdf, 2, dpi, scratchDir(), `${name}-inner`);
    // The inner label has no QR where the outer one has it (a QR never carries the PIN).
    expect(await readQrCodes(inner, dpi, qrBox(layout, labelBox(layout, 0)))).toEqual([]);
    const innerText = pdfPageText(pdf, 2, scratchDir(), `${name}-inner-text`);
    expect(innerText).toContain(pin.match(/.{1,3}/g)!.join("-"));
    // Where the PIN goes: the site's host and the steps (decision 165).
    expect(innerText).toContain(new URL(page.url()).host);
    expect(innerText).toContain(enBatches.labels.enterPin);

    // A shopper opens the QR's address before buying (the pack's page): a pre-purchase view, which the
    // scan log filters by kind.
    const shopper = await page.context().browser()!.newPage();
    await shopper.goto(uri!);
    await expect(shopper.locator("html")).toHaveAttribute("lang", /en|ar/);
    await shopper.close();
    await page.reload();
    await expect(page.getByTestId("count-views")).toContainText("1");
    await page.getByTestId("count-views").getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/scans\?/);
    await expect(page.getByLabel(p.filters.kind)).toHaveValue("view");
    const scans = page.getByTestId("scan-row");
    await expect(scans).toHaveCount(1);
    await expect(scans.first()).toHaveAttribute("data-kind", "view");
    await expect(scans.first().getByTestId("scan-kind")).toHaveText(p.kinds.view);
    // The serial as printed: grouped, on one line (decision 165).
    await expect(scans.first().getByTestId("scan-code")).toHaveText(formatted(serial));
    await settle(page);
    if (jsEnabled) await expectNoAxeViolations(page);
    // Checks only: the view is not among them.
    await page.getByLabel(p.filters.kind).selectOption("check");
    await page.getByRole("button", { name: p.filters.apply }).click();
    await expect(page).toHaveURL(/kind=check/);
    await expect(page.getByText(p.scans.empty)).toBeVisible();
  });
}
