import { Zip, ZipDeflate } from "fflate";
import type { Batch } from "@db/schema";
import { verifyUrl, labelSvg } from "~/verification/qr";
import { batchCodeChunks } from "../batch-codes.server";
import { fileSafe } from "./stream.server";

/** Files added to the archive between two yields. */
const FILES_PER_CHUNK = 200;

/** `LOT-serial-CODE.svg`, the serial padded to the run's width so the files sort in print order. */
export function labelFileName(lot: string, serial: number, quantity: number, code: string): string {
  return `${fileSafe(lot)}-${String(serial).padStart(String(quantity).length, "0")}-${code}.svg`;
}

export type SvgLabelText = { siteUrl: string; brandName: string; productName: string; caption: string };

/**
 * The run's labels as a ZIP of SVG files, one per code (the same card as a single code's QR label),
 * streamed with fflate: each file is compressed as it is added and the archive's bytes are yielded a
 * batch of files at a time, so memory stays flat.
 */
export async function* batchLabelsZip(batch: Batch, text: SvgLabelText): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const encoder = new TextEncoder();
  const quantity = Number(batch.quantity);
  for await (const chunk of batchCodeChunks(batch.id, 1, quantity, FILES_PER_CHUNK)) {
    for (const { serial, code } of chunk) {
      const svg = await labelSvg({ url: verifyUrl(text.siteUrl, code), code, productName: text.productName, brandName: text.brandName, caption: text.caption });
      const file = new ZipDeflate(labelFileName(batch.lot, serial, quantity, code), { level: 6 });
      zip.add(file);
      file.push(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`), true);
    }
    if (failure) throw failure;
    yield* out.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}
