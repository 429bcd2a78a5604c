import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Batch } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { formatCode } from "~/verification/code-format";
import { verifyUrl } from "~/verification/qr";
import { batchCodeChunks } from "../batch-codes.server";
import { labelBox, labelsPerSheet, qrBox, type LabelBox, type SheetLayout } from "./layouts";

/**
 * A4 label sheets as PDF (decision 082), made with pdfkit one sheet at a time: a sheet is drawn only
 * when the client has taken the previous one, so memory stays flat whatever the run's size.
 *
 * Each label: the verify URL's QR as vector squares (error correction H, a quiet zone of four modules
 * inside the label), the grouped code in Courier Bold, the lot, and on the larger L7160 the product's
 * name. Text uses the PDF standard fonts (Courier, Helvetica), which need no embedding.
 */

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Modules of white around the QR, as its specification asks. */
export const QUIET_ZONE = 4;
/** Space between the QR's square and the text column. */
const GAP_MM = 0.8;

type TextStyle = { font: "Courier-Bold" | "Helvetica" | "Helvetica-Bold"; size: number; minSize: number; maxLines: number };
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
function drawQr(doc: PDFKit.PDFDocument, url: string, box: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "H" });
  const size = modules.size;
  const module = pt(box.size) / (size + 2 * QUIET_ZONE);
  const origin = (mm: number) => pt(mm) + QUIET_ZONE * module;
  // Inside its own graphics state: a scale to module units, black squares, restored afterwards.
  doc.addContent(`q 0 g ${n(module)} 0 0 ${n(module)} ${n(origin(box.x))} ${n(origin(box.y))} cm\n${qrRuns(size, (x, y) => Boolean(modules.get(y, x)))}f\nQ`);
}

function drawLines(doc: PDFKit.PDFDocument, block: Lines, x: number, y: number): number {
  doc.font(block.font).fontSize(block.size);
  let top = y;
  for (const line of block.lines) {
    doc.text(line, x, top, { lineBreak: false });
    top += block.size * 1.18;
  }
  return top;
}

const blockHeight = (block: Lines) => block.lines.length * block.size * 1.18;

type SheetTexts = { lot: Lines; product: Lines | null; textX: (box: LabelBox) => number; codeStyle: TextStyle };

/** One label: the QR on the start side, the code, the lot (and the product) beside it, centred vertically. */
function drawLabel(doc: PDFKit.PDFDocument, layout: SheetLayout, box: LabelBox, code: string, url: string, texts: SheetTexts) {
  drawQr(doc, url, qrBox(layout, box));
  const codeBlock: Lines = { lines: [formatCode(code)], size: texts.codeStyle.size, font: texts.codeStyle.font };
  const blocks = [codeBlock, texts.lot, ...(texts.product ? [texts.product] : [])];
  const spacing = pt(0.8);
  const total = blocks.reduce((sum, block) => sum + blockHeight(block), 0) + spacing * (blocks.length - 1);
  const x = texts.textX(box);
  let y = pt(box.y + box.height / 2) - total / 2;
  for (const block of blocks) y = drawLines(doc, block, x, y) + spacing;
}

export type LabelPrint = { layout: SheetLayout; from: number; to: number; siteUrl: string; title: string };

/** Serials `from`..`to` of a run as label sheets, one page per sheet, yielded as the bytes are made. */
export async function* batchLabelsPdf(batch: Batch, print: LabelPrint): AsyncGenerator<Uint8Array> {
  const { layout } = print;
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true, info: { Title: print.title, Creator: "Lunara print runs", Producer: "pdfkit" } });
  const styles = STYLES[layout.id];
  const padding = layout.padding;
  const textX = (box: LabelBox) => pt(qrBox(layout, box).x + qrBox(layout, box).size + GAP_MM);
  const textWidth = pt(layout.labelWidth - padding - (layout.labelHeight - 2 * padding) - GAP_MM - padding);
  const product = getProduct(batch.product_id);
  // Every label of a run carries the same lot and product: measured once.
  doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
  const texts: SheetTexts = {
    lot: fitLines(doc, `LOT ${batch.lot}`, styles.lot, textWidth),
    product: styles.product && product ? fitLines(doc, product.name, styles.product, textWidth) : null,
    textX,
    codeStyle: styles.code,
  };
  let index = 0;
  for await (const chunk of batchCodeChunks(batch.id, print.from, print.to, labelsPerSheet(layout))) {
    if (index > 0) doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
    for (const { code } of chunk) drawLabel(doc, layout, labelBox(layout, index++), code, verifyUrl(print.siteUrl, code), texts);
    yield* buffered(doc);
  }
  doc.end();
  // The trailer may be written after end() returns: read the rest until pdfkit ends its stream.
  for await (const chunk of doc as AsyncIterable<Buffer>) yield chunk;
}

/** What pdfkit has written so far (it pushes into its readable side as each page is finished). */
function* buffered(doc: PDFKit.PDFDocument): Generator<Uint8Array> {
  for (let chunk: Buffer | null = doc.read(); chunk !== null; chunk = doc.read()) yield chunk;
}
