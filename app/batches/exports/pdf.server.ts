import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Batch } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { formatCode } from "~/verification/code-format";
import { digitalLinkUrl } from "~/verification/digital-link";
import { verifyUrl } from "~/verification/qr";
import { batchCodeChunks, type SerialCode } from "../batch-codes.server";
import { labelBox, labelsPerSheet, qrBox, type LabelBox, type SheetLayout } from "./layouts";

/**
 * A4 label sheets as PDF (decision 082), made with pdfkit one sheet at a time: a sheet is drawn only
 * when the client has taken the previous one, so memory stays flat whatever the run's size.
 *
 * Each label of a single run: the verify URL's QR as vector squares (error correction H, a quiet zone
 * of four modules inside the label), the grouped code in Courier Bold, the lot, and on the larger
 * L7160 the product's name. Text uses the PDF standard fonts (Courier, Helvetica), which need no
 * embedding.
 *
 * A two-part run (issue 27) prints two sets of sheets of the same layout: first the outer labels, each
 * the QR of the pack's GS1 Digital Link URI (error correction M: the ~80 characters of a Digital Link
 * stay at QR version 5, modules as large as a single code's QR at H; H would need version 8), the
 * serial in clear, the lot and the product's name; then, starting on a new sheet, the inner labels in
 * the same order and places, each the PIN grouped `ABCD-1234`, the serial and "Scratch after
 * purchase". The standard fonts are Latin only, so these words are printed in English whatever the
 * admin's language (issue 29 brings Arabic to the PDFs).
 */

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Modules of white around the QR, as its specification asks. */
export const QUIET_ZONE = 4;
/** Space between the QR's square and the text column. */
const GAP_MM = 0.8;

type TextStyle = { font: "Courier" | "Courier-Bold" | "Helvetica" | "Helvetica-Bold"; size: number; minSize: number; maxLines: number };
const STYLES: Record<SheetLayout["id"], { code: TextStyle; lot: TextStyle; product: TextStyle | null }> = {
  L7651: {
    code: { font: "Courier-Bold", size: 8.5, minSize: 7, maxLines: 1 },
    lot: { font: "Helvetica", size: 5.5, minSize: 4.5, maxLines: 3 },
    product: null,
  },
  L7160: {
    code: { font: "Courier-Bold", size: 12, minSize: 9, maxLines: 1 },
    lot: { font: "Helvetica-Bold", size: 7.5, minSize: 6, maxLines: 2 },
    product: { font: "Helvetica", size: 7, minSize: 6, maxLines: 3 },
  },
};

/** A two-part run's outer label (serial on up to two lines, lot, product) and inner label (PIN, serial, words). */
const PACK_STYLES: Record<SheetLayout["id"], { outer: { serial: TextStyle; lot: TextStyle; product: TextStyle }; inner: { pin: TextStyle; serial: TextStyle; words: TextStyle } }> = {
  L7651: {
    outer: {
      serial: { font: "Courier-Bold", size: 8.5, minSize: 7, maxLines: 2 },
      lot: { font: "Helvetica", size: 5.5, minSize: 4.5, maxLines: 2 },
      product: { font: "Helvetica", size: 5, minSize: 4.5, maxLines: 2 },
    },
    inner: {
      pin: { font: "Courier-Bold", size: 13, minSize: 10, maxLines: 1 },
      serial: { font: "Courier", size: 6, minSize: 5, maxLines: 1 },
      words: { font: "Helvetica-Bold", size: 6, minSize: 5, maxLines: 1 },
    },
  },
  L7160: {
    outer: {
      serial: { font: "Courier-Bold", size: 11, minSize: 8, maxLines: 2 },
      lot: { font: "Helvetica-Bold", size: 7.5, minSize: 6, maxLines: 2 },
      product: { font: "Helvetica", size: 7, minSize: 6, maxLines: 3 },
    },
    inner: {
      pin: { font: "Courier-Bold", size: 20, minSize: 14, maxLines: 1 },
      serial: { font: "Courier", size: 9, minSize: 7, maxLines: 1 },
      words: { font: "Helvetica-Bold", size: 9, minSize: 7, maxLines: 1 },
    },
  },
};

/** Keeps what the standard fonts can draw (WinAnsi: Latin-1); anything else becomes "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");

type Lines = { lines: string[]; size: number; font: TextStyle["font"] };

/** Breaks `text` into at most `maxLines` lines of `width` pt, shrinking the size when it must. */
export function fitLines(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): Lines {
  const clean = printable(text);
  doc.font(style.font);
  for (let size = style.size; size >= style.minSize; size -= 0.5) {
    doc.fontSize(size);
    const lines = wrap(doc, clean, width);
    if (lines.length <= style.maxLines) return { lines, size, font: style.font };
  }
  doc.fontSize(style.minSize);
  const lines = wrap(doc, clean, width);
  const kept = lines.slice(0, style.maxLines);
  if (lines.length > style.maxLines) kept[kept.length - 1] = `${kept[kept.length - 1]!.slice(0, -1)}…`;
  return { lines: kept, size: style.minSize, font: style.font };
}

/** Greedy wrap at spaces, or inside a word when a word alone is too wide. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (doc.widthOfString(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && doc.widthOfString(line + char) > width) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The dark modules of a QR as PDF path operators, one rectangle per horizontal run, in module units. */
export function qrRuns(size: number, dark: (x: number, y: number) => boolean): string {
  let ops = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark(x, y)) x++;
      ops += `${start} ${y} ${x - start} 1 re\n`;
    }
  }
  return ops;
}

const n = (value: number) => (Math.round(value * 1000) / 1000).toString();

/** Draws the QR of `url` filling the square `box` (mm), its quiet zone included. */
function drawQr(doc: PDFKit.PDFDocument, url: string, box: { x: number; y: number; size: number }, errorCorrectionLevel: "H" | "M" = "H") {
  const { modules } = QRCode.create(url, { errorCorrectionLevel });
  const size = modules.size;
  const module = pt(box.size) / (size + 2 * QUIET_ZONE);
  const origin = (mm: number) => pt(mm) + QUIET_ZONE * module;
  // Inside its own graphics state: a scale to module units, black squares, restored afterwards.
  doc.addContent(`q 0 g ${n(module)} 0 0 ${n(module)} ${n(origin(box.x))} ${n(origin(box.y))} cm\n${qrRuns(size, (x, y) => Boolean(modules.get(y, x)))}f\nQ`);
}

/** Draws a block's lines from `top`; with `width`, each line centred in [x, x + width]. Returns the y below it. */
function drawLines(doc: PDFKit.PDFDocument, block: Lines, x: number, top: number, width?: number): number {
  doc.font(block.font).fontSize(block.size);
  let y = top;
  for (const line of block.lines) {
    const at = width === undefined ? x : x + (width - doc.widthOfString(line)) / 2;
    doc.text(line, at, y, { lineBreak: false });
    y += block.size * 1.18;
  }
  return y;
}

const blockHeight = (block: Lines) => block.lines.length * block.size * 1.18;

/** Blocks of text one under the other, centred on the label's height (and, with `width`, on its width). */
function drawStack(doc: PDFKit.PDFDocument, box: LabelBox, blocks: Lines[], x: number, width?: number) {
  const spacing = pt(0.8);
  const total = blocks.reduce((sum, block) => sum + blockHeight(block), 0) + spacing * (blocks.length - 1);
  let y = pt(box.y + box.height / 2) - total / 2;
  for (const block of blocks) y = drawLines(doc, block, x, y, width) + spacing;
}

/**
 * A code, serial or PIN grouped in fours, on one line at the largest size from `style.size` down to
 * `style.minSize` that fits `width`; when none does and the style allows two lines, broken between
 * two groups (`ABCD-EFGH` / `JKM`), each line as large as fits.
 */
function groupedLines(doc: PDFKit.PDFDocument, code: string, style: TextStyle, width: number): Lines {
  const grouped = formatCode(code);
  const groups = grouped.split("-");
  const half = Math.ceil(groups.length / 2);
  const options = style.maxLines >= 2 && groups.length > 1 ? [[grouped], [groups.slice(0, half).join("-"), groups.slice(half).join("-")]] : [[grouped]];
  doc.font(style.font);
  for (const lines of options) {
    for (let size = style.size; size >= style.minSize; size -= 0.5) {
      doc.fontSize(size);
      if (lines.every((line) => doc.widthOfString(line) <= width)) return { lines, size, font: style.font };
    }
  }
  return { lines: options[options.length - 1]!, size: style.minSize, font: style.font };
}

type SheetTexts = { lot: Lines; product: Lines | null; textX: (box: LabelBox) => number; codeStyle: TextStyle };

/** One label: the QR on the start side, the code, the lot (and the product) beside it, centred vertically. */
function drawLabel(doc: PDFKit.PDFDocument, layout: SheetLayout, box: LabelBox, code: string, url: string, texts: SheetTexts) {
  drawQr(doc, url, qrBox(layout, box));
  const codeBlock: Lines = { lines: [formatCode(code)], size: texts.codeStyle.size, font: texts.codeStyle.font };
  drawStack(doc, box, [codeBlock, texts.lot, ...(texts.product ? [texts.product] : [])], texts.textX(box));
}

export type LabelPrint = { layout: SheetLayout; from: number; to: number; siteUrl: string; title: string };

/**
 * Draws serials `from`..`to` of a run as sheets (one chunk of codes is one sheet) and yields what pdfkit
 * wrote after each. `fresh`: the first sheet starts a page of its own (a page is open already).
 */
async function* sheets(
  doc: PDFKit.PDFDocument,
  batchId: string,
  print: LabelPrint,
  fresh: boolean,
  draw: (box: LabelBox, pack: SerialCode) => void,
): AsyncGenerator<Uint8Array> {
  const { layout } = print;
  let index = 0;
  for await (const chunk of batchCodeChunks(batchId, print.from, print.to, labelsPerSheet(layout))) {
    if (index > 0 || fresh) doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
    for (const pack of chunk) draw(labelBox(layout, index++), pack);
    yield* buffered(doc);
  }
}

/**
 * What a two-part run's labels print besides each pack's serial and PIN: the product's GTIN (for the
 * Digital Link) and name, and the inner label's words, both in English (see above).
 */
type PackPrint = { gtin: string; productName: string | null; scratch: string };

/** Serials `from`..`to` of a run as label sheets, one page per sheet, yielded as the bytes are made; a two-part run's outer sheets, then its inner ones. */
export async function* batchLabelsPdf(batch: Batch, print: LabelPrint, packs?: PackPrint): AsyncGenerator<Uint8Array> {
  const { layout } = print;
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true, info: { Title: print.title, Creator: "Lunara print runs", Producer: "pdfkit" } });
  const padding = layout.padding;
  const textX = (box: LabelBox) => pt(qrBox(layout, box).x + qrBox(layout, box).size + GAP_MM);
  const textWidth = pt(layout.labelWidth - padding - (layout.labelHeight - 2 * padding) - GAP_MM - padding);
  // Every label of a run carries the same lot and product: measured once.
  doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
  if (packs) {
    const { outer, inner } = PACK_STYLES[layout.id];
    const lot = fitLines(doc, `LOT ${batch.lot}`, outer.lot, textWidth);
    const product = packs.productName ? fitLines(doc, packs.productName, outer.product, textWidth) : null;
    const link = (serial: string) => digitalLinkUrl(print.siteUrl, { gtin: packs.gtin, lot: batch.lot, serial, bestBefore: batch.best_before });
    yield* sheets(doc, batch.id, print, false, (box, pack) => {
      drawQr(doc, link(pack.code), qrBox(layout, box), "M");
      drawStack(doc, box, [groupedLines(doc, pack.code, outer.serial, textWidth), lot, ...(product ? [product] : [])], textX(box));
    });
    // The inner labels: the whole label's width, centred, no QR (a QR never carries the PIN).
    const innerWidth = pt(layout.labelWidth - 2 * padding);
    const words = fitLines(doc, packs.scratch, inner.words, innerWidth);
    yield* sheets(doc, batch.id, print, true, (box, pack) => {
      const pin = groupedLines(doc, pack.pin ?? "", inner.pin, innerWidth);
      drawStack(doc, box, [pin, groupedLines(doc, pack.code, inner.serial, innerWidth), words], pt(box.x + padding), innerWidth);
    });
  } else {
    const styles = STYLES[layout.id];
    const product = getProduct(batch.product_id);
    const texts: SheetTexts = {
      lot: fitLines(doc, `LOT ${batch.lot}`, styles.lot, textWidth),
      product: styles.product && product ? fitLines(doc, product.name, styles.product, textWidth) : null,
      textX,
      codeStyle: styles.code,
    };
    yield* sheets(doc, batch.id, print, false, (box, { code }) => drawLabel(doc, layout, box, code, verifyUrl(print.siteUrl, code), texts));
  }
  doc.end();
  // The trailer may be written after end() returns: read the rest until pdfkit ends its stream.
  for await (const chunk of doc as AsyncIterable<Buffer>) yield chunk;
}

/** What pdfkit has written so far (it pushes into its readable side as each page is finished). */
function* buffered(doc: PDFKit.PDFDocument): Generator<Uint8Array> {
  for (let chunk: Buffer | null = doc.read(); chunk !== null; chunk = doc.read()) yield chunk;
}
