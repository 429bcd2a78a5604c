import type { Batch } from "@db/schema";
import { getProduct } from "~/platform/catalog/catalog";
import { CSV_BOM, csvRow } from "~/platform/lib/csv";
import { formatCode, formatPin } from "~/platform/codes/code-format";
import { packDigitalLink } from "~/platform/codes/pack-link";
import { verifyUrl } from "~/platform/codes/qr";
import { batchCodeChunks } from "../batches/batch-codes.server";

/** The printer's columns, in order. */
export const CSV_COLUMNS = ["serial", "code", "verify_url", "product_id", "product_name", "product_name_ar", "lot", "best_before", "batch_id"] as const;
/** A two-part run's columns (issue 27): the pack's public serial, its secret PIN and its GS1 Digital Link. */
export const PACK_CSV_COLUMNS = ["serial", "pack_serial", "pin", "dl_url", "product_id", "product_name", "product_name_ar", "lot", "best_before", "batch_id"] as const;

/**
 * Rows of cells as CSV (~/platform/lib/csv: RFC 4180 quoting, CRLF line ends, formulas neutralised); the UTF-8
 * BOM and the header when first.
 */
export function csvText(rows: (string | number)[][], first: boolean, columns: readonly string[] = CSV_COLUMNS): string {
  return (first ? CSV_BOM + csvRow(columns) : "") + rows.map((row) => csvRow(row)).join("");
}

/**
 * The run's CSV for the printer, a chunk of rows at a time: `serial` 1..N, the grouped code, its
 * verify URL (`SITE_URL/verify?code=ABCD1234`), the product (id and both names), lot, best-before
 * date and the run's id. A two-part run's rows have the pack's serial, its PIN (as printed, `ABC-DEF-GHJ`) and its
 * GS1 Digital Link URI in place of the code and its URL (`PACK_CSV_COLUMNS`).
 */
export async function* batchCsv(batch: Batch, siteUrl: string): AsyncGenerator<string> {
  const product = getProduct(batch.product_id);
  const packs = batch.label_kind === "two_part";
  const columns = packs ? PACK_CSV_COLUMNS : CSV_COLUMNS;
  const bestBefore = batch.best_before ?? null;
  const run = [batch.product_id, product?.name ?? "", product?.nameAr ?? "", batch.lot, bestBefore ?? "", batch.id];
  let first = true;
  for await (const chunk of batchCodeChunks(batch.id, 1, Number(batch.quantity))) {
    const rows = chunk.map(({ serial, code, pin }) =>
      packs
        ? [serial, code, formatPin(pin ?? ""), packDigitalLink(siteUrl, { productId: batch.product_id, lot: batch.lot, serial: code, bestBefore }) ?? "", ...run]
        : [serial, formatCode(code), verifyUrl(siteUrl, code), ...run],
    );
    yield csvText(rows, first, columns);
    first = false;
  }
  if (first) yield csvText([], true, columns);
}
