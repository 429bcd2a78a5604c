import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Batch } from "@db/schema";
import { formatCode, formatPin } from "~/platform/codes/code-format";
import { digitalLinkUrl } from "~/platform/codes/digital-link";
import { verifyUrl } from "~/platform/codes/qr";
import { textDirection } from "~/platform/lib/bidi-levels";
import { batchCodeChunks, type SerialCode } from "../batches/batch-codes.server";
import { drawLine, layoutLine, lineMetrics, lineWidth, registerArabicFonts, type LatinFont, type TextLine } from "./pdf-text.server";
import { labelBox, labelsPerSheet, qrBox, type LabelBox, type SheetLayout } from "./layouts";

/**
 * A4 label sheets as PDF (decision 082), made with pdfkit one sheet at a time: a sheet is drawn only
 * when the client has taken the previous one, so memory stays flat whatever the run's size.
 *
 * Each label of a single run: the verify URL's QR as vector squares (error correction H, a quiet zone
 * of four modules inside the label), the grouped code in Courier Bold, the lot, on the larger L7160
 * the product's name, and "Scan to verify".
 *
 * A two-part run (issue 27) prints two sets of sheets of the same layout: first the outer labels, each
 * the QR of the pack's GS1 Digital Link URI (error correction M: the ~80 characters of a Digital Link
 * stay at QR version 5, modules as large as a single code's QR at H; H would need version 8), the
 * serial in clear on one line, the lot, the product's name and "Scan to verify"; then, starting on a
 * new sheet, the inner labels in the same order and places, each the PIN grouped `ABC-DEF-GHJ`, the
 * site's host and where to enter the PIN, the serial and "Scratch after purchase" (decision 165).
 *
 * An NFC run (issue 41) prints its tags' companion: on every label the QR of the run's lot-level
 * Digital Link (no `e`, no `c`: it opens the product's page, for phones without NFC), "NFC" where a
 * code goes, the lot, the product's name and "Tap the tag to verify"; no row is read.
 *
 * The words are in English, Arabic or both (`LabelWords`, decision 151): codes, serials and PINs stay
 * in Courier and Latin text in Helvetica (standard fonts, nothing embedded), Arabic is drawn in Noto
 * Sans Arabic, shaped and in visual order (`./pdf-text.server`). A right-to-left line starts at the
 * text column's right edge. When a label cannot hold every block, the English name (with both
 * languages), then the name, then the English caption are left out, in that order.
 */

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Modules of white around the QR, as its specification asks. */
export const QUIET_ZONE = 4;
/** Space between the QR's square and the text column. */
const GAP_MM = 0.8;

type TextStyle = { font: LatinFont; size: number; minSize: number; maxLines: number };
export const STYLES: Record<SheetLayout["id"], { code: TextStyle; lot: TextStyle; product: TextStyle | null; caption: TextStyle }> = {
  L7651: {
    code: { font: "Courier-Bold", size: 8.5, minSize: 7, maxLines: 1 },
    lot: { font: "Helvetica", size: 5.5, minSize: 4.5, maxLines: 3 },
    product: null,
    caption: { font: "Helvetica", size: 5, minSize: 4.5, maxLines: 2 },
  },
  L7160: {
    code: { font: "Courier-Bold", size: 12, minSize: 9, maxLines: 1 },
    lot: { font: "Helvetica-Bold", size: 7.5, minSize: 6, maxLines: 2 },
    product: { font: "Helvetica", size: 7, minSize: 6, maxLines: 3 },
    caption: { font: "Helvetica", size: 6.5, minSize: 5.5, maxLines: 2 },
  },
};

/**
 * A two-part run's outer label (the serial on one line, never split: decision 165; lot, product) and
 * inner label (PIN, the site's host and where to enter the PIN, serial, words).
 */
const PACK_STYLES: Record<
  SheetLayout["id"],
  { outer: { serial: TextStyle; lot: TextStyle; product: TextStyle }; inner: { pin: TextStyle; host: TextStyle; where: TextStyle; serial: TextStyle; words: TextStyle } }
> = {
  L7651: {
    outer: {
      serial: { font: "Courier-Bold", size: 8.5, minSize: 5.5, maxLines: 1 },
      lot: { font: "Helvetica", size: 5.5, minSize: 4.5, maxLines: 2 },
      product: { font: "Helvetica", size: 5, minSize: 4.5, maxLines: 2 },
    },
    inner: {
      pin: { font: "Courier-Bold", size: 13, minSize: 10, maxLines: 1 },
      host: { font: "Helvetica-Bold", size: 6, minSize: 5, maxLines: 1 },
      where: { font: "Helvetica", size: 5, minSize: 4.5, maxLines: 2 },
      serial: { font: "Courier", size: 6, minSize: 5, maxLines: 1 },
      words: { font: "Helvetica-Bold", size: 6, minSize: 5, maxLines: 1 },
    },
  },
  L7160: {
    outer: {
      serial: { font: "Courier-Bold", size: 11, minSize: 8, maxLines: 1 },
      lot: { font: "Helvetica-Bold", size: 7.5, minSize: 6, maxLines: 2 },
      product: { font: "Helvetica", size: 7, minSize: 6, maxLines: 3 },
    },
    inner: {
      pin: { font: "Courier-Bold", size: 20, minSize: 14, maxLines: 1 },
      host: { font: "Helvetica-Bold", size: 9, minSize: 7, maxLines: 1 },
      where: { font: "Helvetica", size: 7.5, minSize: 6, maxLines: 2 },
      serial: { font: "Courier", size: 9, minSize: 7, maxLines: 1 },
      words: { font: "Helvetica-Bold", size: 9, minSize: 7, maxLines: 1 },
    },
  },
};

/** The width of the text column beside a label's QR, in pt. */
export const textColumnWidth = (layout: SheetLayout) => pt(layout.labelWidth - layout.padding - (layout.labelHeight - 2 * layout.padding) - GAP_MM - layout.padding);

/** A block of lines in one style: laid out, in the paragraph's direction. */
type Lines = { lines: TextLine[]; size: number; font: LatinFont; direction: "ltr" | "rtl" };

const block = (doc: PDFKit.PDFDocument, lines: string[], font: LatinFont, size: number, direction: "ltr" | "rtl"): Lines => ({
  lines: lines.map((line) => layoutLine(doc, line, font, size, direction)),
  size,
  font,
  direction,
});

/** Breaks `text` into at most `maxLines` lines of `width` pt, shrinking the size when it must. */
export function fitLines(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): Lines {
  const direction = textDirection(text);
  for (let size = style.size; size >= style.minSize; size -= 0.5) {
    const lines = wrap(text, width, (line) => lineWidth(doc, line, style.font, size, direction));
    if (lines.length <= style.maxLines) return block(doc, lines, style.font, size, direction);
  }
  const lines = wrap(text, width, (line) => lineWidth(doc, line, style.font, style.minSize, direction));
  const kept = lines.slice(0, style.maxLines);
  if (lines.length > style.maxLines) kept[kept.length - 1] = `${kept[kept.length - 1]!.slice(0, -1)}…`;
  return block(doc, kept, style.font, style.minSize, direction);
}

/** Greedy wrap at spaces, or inside a word when a word alone is too wide (`measure`: a line's width). */
function wrap(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  // Spaces only: a no-break space keeps "SPF 59" together.
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && measure(line + char) > width) {
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

/**
 * Draws a block's lines from `top` in the column [x, x + width]: each line centred, or from the
 * column's start (the right edge for a right-to-left block). Returns the y below it.
 */
function drawLines(doc: PDFKit.PDFDocument, block: Lines, x: number, top: number, width: number, centred: boolean): number {
  let y = top;
  for (const line of block.lines) {
    const at = centred ? x + (width - line.width) / 2 : block.direction === "rtl" ? x + width - line.width : x;
    drawLine(doc, line, block.font, at, y, block.size);
    y += lineMetrics(line, block.font).height * block.size;
  }
  return y;
}

const blockHeight = (block: Lines) => block.lines.reduce((sum, line) => sum + lineMetrics(line, block.font).height * block.size, 0);
const SPACING = pt(0.8);
const stackHeight = (blocks: Lines[]) => blocks.reduce((sum, block) => sum + blockHeight(block), 0) + SPACING * (blocks.length - 1);

/** Blocks of text one under the other, centred on the label's height (and, when `centred`, each line on the column's width). */
function drawStack(doc: PDFKit.PDFDocument, box: LabelBox, blocks: Lines[], x: number, width: number, centred = false) {
  let y = pt(box.y + box.height / 2) - stackHeight(blocks) / 2;
  for (const block of blocks) y = drawLines(doc, block, x, y, width, centred) + SPACING;
}

/**
 * The blocks that fit a label's height: `fixed` ones always; of the `optional` ones, the first left
 * out first until the rest fits.
 */
function fitStack(fixed: Lines[], optional: Lines[], height: number): Lines[] {
  const kept: (Lines | null)[] = [...optional];
  const all = () => [...fixed, ...kept.filter((b): b is Lines => b !== null)];
  for (let i = 0; i < kept.length && stackHeight(all()) > height; i++) kept[i] = null;
  return all();
}

/**
 * A code, serial or PIN as printed (`shown`: grouped in fours, a PIN in threes), on one line at the
 * largest size from `style.size` down to `style.minSize` that fits `width`; when none does and the
 * style allows two lines, broken between two groups (`ABCD-EFGH` / `JKM`), each line as large as fits.
 */
function groupedLines(doc: PDFKit.PDFDocument, code: string, style: TextStyle, width: number, shown = formatCode): Lines {
  const grouped = shown(code);
  const groups = grouped.split("-");
  const half = Math.ceil(groups.length / 2);
  const options = style.maxLines >= 2 && groups.length > 1 ? [[grouped], [groups.slice(0, half).join("-"), groups.slice(half).join("-")]] : [[grouped]];
  doc.font(style.font);
  for (const lines of options) {
    for (let size = style.size; size >= style.minSize; size -= 0.5) {
      doc.fontSize(size);
      if (lines.every((line) => doc.widthOfString(line) <= width)) return block(doc, lines, style.font, size, "ltr");
    }
  }
  return block(doc, options[options.length - 1]!, style.font, style.minSize, "ltr");
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
 * The words of a run's labels, in the languages asked for (English first when both): the lot line,
 * the product's name (none when it has left the catalogue), the caption under a QR, and a two-part
 * run's inner label's words.
 */
export type LabelWords = {
  lot: string;
  products: string[];
  captions: string[];
  scratch: string[];
  /** Where a two-part pack's PIN is entered: the site's host (one line, any language) and the steps, in each language. */
  host: string;
  enterPin: string[];
};

/** A two-part run's labels also need the product's GTIN (for the Digital Link). */
type PackPrint = { gtin: string };

/**
 * What a label prints under its code and lot: the products' names and the captions, in reading
 * order, as many as fit `height`. When not all do, the first name is left out first (the English
 * one with both languages), then the other, then the first caption; the last caption always stays.
 */
function stackFor(fixed: Lines[], products: Lines[], captions: Lines[], height: number): Lines[] {
  const always = captions.slice(-1);
  const kept = new Set(fitStack([...fixed, ...always], [...products, ...captions.slice(0, -1)], height));
  return [...fixed, ...products.filter((b) => kept.has(b)), ...captions.filter((b) => kept.has(b))];
}

/** Labels `from`..`to` that are all alike (an NFC run's companion QR), as sheets: no row is read. */
function* alike(doc: PDFKit.PDFDocument, print: LabelPrint, draw: (box: LabelBox) => void): Generator<Uint8Array> {
  const { layout } = print;
  const perSheet = labelsPerSheet(layout);
  let index = 0;
  for (let first = print.from; first <= print.to; first += perSheet) {
    if (index > 0) doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
    for (let serial = first; serial <= Math.min(print.to, first + perSheet - 1); serial++) draw(labelBox(layout, index++));
    yield* buffered(doc);
  }
}

/**
 * Serials `from`..`to` of a run as label sheets, one page per sheet, yielded as the bytes are made; a
 * two-part run's outer sheets, then its inner ones; an NFC run's companion labels (`companion`: its
 * lot-level Digital Link).
 */
export async function* batchLabelsPdf(batch: Batch, print: LabelPrint, words: LabelWords, packs?: PackPrint, companion?: string): AsyncGenerator<Uint8Array> {
  const { layout } = print;
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true, info: { Title: print.title, Creator: "Lunara print runs", Producer: "pdfkit" } });
  registerArabicFonts(doc);
  const padding = layout.padding;
  const textX = (box: LabelBox) => pt(qrBox(layout, box).x + qrBox(layout, box).size + GAP_MM);
  const textWidth = textColumnWidth(layout);
  const height = pt(layout.labelHeight - 2 * padding);
  const styles = STYLES[layout.id];
  const fit = (texts: string[], style: TextStyle | null, width: number) => (style ? texts.map((text) => fitLines(doc, text, style, width)) : []);
  /**
   * The blocks beside a QR: the label's code, then the lot, names and captions, which every label of
   * a run shares: measured once, and which of them fit decided once, with the first label's code.
   */
  const besideQr = (lotStyle: TextStyle, productStyle: TextStyle | null) => {
    const lot = fitLines(doc, words.lot, lotStyle, textWidth);
    const products = fit(words.products, productStyle, textWidth);
    const captions = fit(words.captions, styles.caption, textWidth);
    let extra: Lines[] | undefined;
    return (code: Lines) => {
      extra ??= stackFor([code, lot], products, captions, height).slice(2);
      return [code, lot, ...extra];
    };
  };
  doc.addPage({ size: [pt(layout.pageWidth), pt(layout.pageHeight)], margin: 0 });
  if (packs) {
    const { outer, inner } = PACK_STYLES[layout.id];
    const stack = besideQr(outer.lot, outer.product);
    const link = (serial: string) => digitalLinkUrl(print.siteUrl, { gtin: packs.gtin, lot: batch.lot, serial, bestBefore: batch.best_before });
    yield* sheets(doc, batch.id, print, false, (box, pack) => {
      drawQr(doc, link(pack.code), qrBox(layout, box), "M");
      drawStack(doc, box, stack(groupedLines(doc, pack.code, outer.serial, textWidth)), textX(box), textWidth);
    });
    // The inner labels: the whole label's width, centred, no QR (a QR never carries the PIN). The PIN,
    // then where it goes (the site's host, always; the steps as far as they fit, the English ones left
    // out first with both languages), the serial, and "Scratch after purchase" in every language when
    // there is room for all of them (the panel says it by itself).
    const innerWidth = pt(layout.labelWidth - 2 * padding);
    const host = fitLines(doc, words.host, inner.host, innerWidth);
    const where = fit(words.enterPin, inner.where, innerWidth);
    const scratch = fit(words.scratch, inner.words, innerWidth);
    let innerStack: ((pin: Lines, serial: Lines) => Lines[]) | undefined;
    yield* sheets(doc, batch.id, print, true, (box, pack) => {
      const pin = groupedLines(doc, pack.pin ?? "", inner.pin, innerWidth, formatPin);
      const serial = groupedLines(doc, pack.code, inner.serial, innerWidth);
      // Every inner label has the same blocks: which of them fit is decided once, with the first label.
      innerStack ??= (() => {
        const kept = new Set(fitStack([pin, host, serial], where, height));
        const steps = where.filter((b) => kept.has(b));
        const words = stackHeight([pin, host, ...steps, serial, ...scratch]) <= height ? scratch : [];
        return (p: Lines, s: Lines) => [p, host, ...steps, s, ...words];
      })();
      drawStack(doc, box, innerStack(pin, serial), pt(box.x + padding), innerWidth, true);
    });
  } else if (companion) {
    const stack = besideQr(styles.lot, styles.product);
    const mark = block(doc, ["NFC"], styles.code.font, styles.code.size, "ltr");
    yield* alike(doc, print, (box) => {
      drawQr(doc, companion, qrBox(layout, box), "M");
      drawStack(doc, box, stack(mark), textX(box), textWidth);
    });
  } else {
    const stack = besideQr(styles.lot, styles.product);
    yield* sheets(doc, batch.id, print, false, (box, { code }) => {
      drawQr(doc, verifyUrl(print.siteUrl, code), qrBox(layout, box));
      drawStack(doc, box, stack(block(doc, [formatCode(code)], styles.code.font, styles.code.size, "ltr")), textX(box), textWidth);
    });
  }
  doc.end();
  // The trailer may be written after end() returns: read the rest until pdfkit ends its stream.
  for await (const chunk of doc as AsyncIterable<Buffer>) yield chunk;
}

/** What pdfkit has written so far (it pushes into its readable side as each page is finished). */
function* buffered(doc: PDFKit.PDFDocument): Generator<Uint8Array> {
  for (let chunk: Buffer | null = doc.read(); chunk !== null; chunk = doc.read()) yield chunk;
}
