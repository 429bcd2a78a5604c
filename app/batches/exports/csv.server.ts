import { stringify } from "csv-stringify/sync";
import type { Batch } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { formatCode } from "~/verification/code-format";
import { verifyUrl } from "~/verification/qr";
import { batchCodeChunks } from "../batch-codes.server";

/** The printer's columns, in order. */
export const CSV_COLUMNS = ["serial", "code", "verify_url", "product_id", "product_name", "product_name_ar", "lot", "best_before", "batch_id"] as const;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first)
 * gets a leading apostrophe, so it is shown as the text it is (OWASP's CSV-injection advice).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows of cells as CSV: RFC 4180 quoting, CRLF line ends; the header (and the UTF-8 BOM) when first. */
export function csvText(rows: (string | number)[][], first: boolean): string {
  return stringify(rows, {
    header: first,
    bom: first,
    columns: [...CSV_COLUMNS],
    record_delimiter: "\r\n",
    // Any line break inside a cell is quoted (the library quotes only the record delimiter itself).
    quoted_match: /[\r\n]/,
    cast: { string: neutralise },
  });
}

/**
 * The run's CSV for the printer, a chunk of rows at a time: `serial` 1..N, the grouped code, its
 * verify URL (`SITE_URL/verify?code=ABCD1234`), the product (id and both names), lot, best-before
 * date and the run's id.
 */
export async function* batchCsv(batch: Batch, siteUrl: string): AsyncGenerator<string> {
  const product = getProduct(batch.product_id);
  let first = true;
  for await (const chunk of batchCodeChunks(batch.id, 1, Number(batch.quantity))) {
    const rows = chunk.map(({ serial, code }) => [
      serial,
      formatCode(code),
      verifyUrl(siteUrl, code),
      batch.product_id,
      product?.name ?? "",
      product?.nameAr ?? "",
      batch.lot,
      batch.best_before ?? "",
      batch.id,
    ]);
    yield csvText(rows, first);
    first = false;
  }
  if (first) yield csvText([], true);
}
