import { once } from "node:events";
import ZipStream from "zip-stream";
import type { Batch } from "@db/schema";
import { digitalLinkUrl } from "~/platform/codes/digital-link";
import { labelSvg, pinLabelSvg, verifyUrl } from "~/platform/codes/qr";
import { batchCodeChunks } from "../batches/batch-codes.server";
import { fileSafe } from "./stream.server";

/** Files added to the archive between two yields. */
const FILES_PER_CHUNK = 200;

/**
 * `LOT-serial-CODE.svg`, the serial padded to the run's width so the files sort in print order; a
 * two-part pack's two labels `LOT-serial-SERIAL-outer.svg` and `…-inner.svg`.
 */
export function labelFileName(lot: string, serial: number, quantity: number, code: string, part?: "outer" | "inner"): string {
  return `${fileSafe(lot)}-${String(serial).padStart(String(quantity).length, "0")}-${code}${part ? `-${part}` : ""}.svg`;
}

/**
 * The labels' words: brand, product and caption in the admin's language; for a two-part run also the
 * product's GTIN (its Digital Link), the inner label's words and the direction of the words.
 */
export type SvgLabelText = {
  siteUrl: string;
  brandName: string;
  productName: string;
  caption: string;
  /** A two-part run: its GTIN, the inner label's words, the site's host and where to enter the PIN. */
  pack?: { gtin: string; scratch: string; host: string; enterPin: string; direction: "ltr" | "rtl" } | undefined;
};

const svgFile = (svg: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, "utf8");

/**
 * The run's labels as a ZIP of SVG files, one per code (the same card as a single code's QR label), or
 * two per pack of a two-part run (the outer card with the QR of the pack's GS1 Digital Link and its
 * serial; the inner card with its PIN, `pinLabelSvg`), streamed with zip-stream (decision 082): each
 * file is deflated as it is added, and the archive's bytes are yielded every 200 labels. ZIP64 records
 * are written when a run has more than 65 535 files. What the archive must remember until its end is
 * its central directory: a few hundred bytes a file.
 */
export async function* batchLabelsZip(batch: Batch, text: SvgLabelText): AsyncGenerator<Buffer> {
  const archive = new ZipStream({ zlib: { level: 6 } });
  const out: Buffer[] = [];
  let failure: unknown = null;
  archive.on("data", (chunk: Buffer) => out.push(chunk));
  archive.on("error", (error: unknown) => (failure = error));
  const ended = once(archive, "end");
  const add = (data: Buffer, name: string, date: Date) =>
    new Promise<void>((resolve, reject) => archive.entry(data, { name, date }, (error) => (error ? reject(error) : resolve())));
  const quantity = Number(batch.quantity);
  const date = new Date(batch.created_at);
  try {
    for await (const chunk of batchCodeChunks(batch.id, 1, quantity, FILES_PER_CHUNK)) {
      for (const { serial, code, pin } of chunk) {
        const words = { productName: text.productName, brandName: text.brandName, caption: text.caption };
        if (text.pack && pin !== null) {
          const { gtin, scratch, host, enterPin, direction } = text.pack;
          const url = digitalLinkUrl(text.siteUrl, { gtin, lot: batch.lot, serial: code, bestBefore: batch.best_before });
          await add(svgFile(await labelSvg({ url, code, ...words, direction })), labelFileName(batch.lot, serial, quantity, code, "outer"), date);
          await add(svgFile(pinLabelSvg({ pin, serial: code, brandName: text.brandName, words: scratch, host, enterPin, direction })), labelFileName(batch.lot, serial, quantity, code, "inner"), date);
          continue;
        }
        const svg = await labelSvg({ url: verifyUrl(text.siteUrl, code), code, ...words });
        await add(svgFile(svg), labelFileName(batch.lot, serial, quantity, code), date);
      }
      if (failure) throw failure;
      // One chunk per 200 files, not three small buffers a file.
      yield Buffer.concat(out.splice(0));
    }
    archive.finish();
    await ended;
    if (failure) throw failure;
    yield Buffer.concat(out.splice(0));
  } finally {
    if (!archive.destroyed) archive.destroy();
  }
}
