import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import arBatches from "../../locales/ar/batches";
import enBatches from "../../locales/en/batches";
import { api, productIds, signIn } from "./admin-helpers";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Issue 29, Arabic on printed labels (decision 151): the admin picks the label sheets' words on the
 * run's downloads; the PDF then carries Arabic and no English caption. (Its glyphs are checked against
 * a reference drawing in app/features/print-files/exports.server.test.ts.)
 */
/** The running test's own folder for rendered sheets (each test may run in any worker: no shared folder). */
const scratchDir = () => test.info().outputPath();

const pdfText = (bytes: Buffer, name: string) => {
  const file = join(scratchDir(), `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"]).toString("utf8");
};

test("the run's downloads print the labels in Arabic when the admin picks it, in both languages by default", async ({ page, request, jsEnabled }) => {
  const lot = `LANG-${Date.now().toString(36).toUpperCase()}`;
  const made = await api(request, "POST", "/api/v1/batches/create/", { product_id: (await productIds())[2], quantity: 3, lot, best_before: "2031-03-31" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.data.batch.id as string;
  await signIn(page, "ar", `/admin/dashboard/batches/${id}`);
  const select = page.getByLabel(arBatches.downloads.labelLanguage, { exact: true });
  await expect(select).toHaveValue("both");
  await expectNoAxeViolations(page);

  const save = async (click: () => Promise<void>) => {
    const pending = page.waitForEvent("download");
    await click();
    return readFileSync((await (await pending).path())!);
  };
  const both = pdfText(await save(() => page.getByTestId("download-l7160").click()), `both-${jsEnabled}`);
  expect(both).toContain(enBatches.labels.scan);
  expect(both).toMatch(/[\u0600-\u06ff]/);

  await select.selectOption("ar");
  const arabic = pdfText(await save(() => page.getByRole("button", { name: arBatches.downloads.partSubmit }).click()), `ar-${jsEnabled}`);
  expect(arabic).toMatch(/[\u0600-\u06ff]/);
  expect(arabic).not.toContain(enBatches.labels.scan);
  expect(arabic).toContain(lot.slice(0, 8)); // a long lot may wrap inside the narrow column
});
