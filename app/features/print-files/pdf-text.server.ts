import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { bidiParagraph, mirrored, visualRuns } from "~/platform/lib/bidi-levels";

/**
 * Text on the label sheets in both scripts (decision 151). Latin stays in the PDF standard fonts
 * (Helvetica, Courier: nothing embedded); Arabic is drawn in Noto Sans Arabic, embedded from the
 * WOFF files of @fontsource/noto-sans-arabic (pdfkit reads them through fontkit and embeds a subset of
 * the glyphs used). A line is put into visual order by the bidi algorithm (`~/platform/lib/bidi-levels`),
 * cut into pieces of one font and one direction, and drawn piece by piece from the left.
 *
 * fontkit shapes a piece (the Arabic joining forms, ligatures such as lam-alef, the marks) and,
 * for a piece in Arabic script, reverses its glyphs into visual order. pdfkit lays a string out word
 * by word in logical order, so an Arabic piece here never holds a space: each word is a piece, the
 * words placed right to left. A piece fontkit does not reverse (punctuation, a space) but that reads
 * right to left is reversed here, its brackets mirrored.
 */

export type LatinFont = "Courier" | "Courier-Bold" | "Helvetica" | "Helvetica-Bold";

const ARABIC_FACES = {
  NotoSansArabic: "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff",
  "NotoSansArabic-Bold": "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff",
} as const;
type ArabicFont = keyof typeof ARABIC_FACES;
type Font = LatinFont | ArabicFont;

let faces: Map<ArabicFont, Buffer> | undefined;

/** Makes the Arabic faces known to `doc` (the files are read once per process, ~80 kB each). */
export function registerArabicFonts(doc: PDFKit.PDFDocument) {
  if (!faces) {
    const require = createRequire(import.meta.url);
    faces = new Map(Object.entries(ARABIC_FACES).map(([name, file]) => [name as ArabicFont, readFileSync(require.resolve(file))]));
  }
  for (const [name, data] of faces) doc.registerFont(name, data);
}

const arabicFace = (latin: LatinFont): ArabicFont => (latin.endsWith("-Bold") ? "NotoSansArabic-Bold" : "NotoSansArabic");

/** What the Arabic face draws: the Arabic blocks (letters, marks, digits, punctuation, presentation forms) and the joiners. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefe\u200c\u200d]/u;
/** Never drawn: bidi controls (their work is done by the algorithm) and other invisible format characters. */
const INVISIBLE = /[\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
/** The standard fonts draw WinAnsi (Latin-1 and a few more); anything else becomes "?". */
const WIN_ANSI = /[\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/u;
/** The first character with a script of its own decides whether fontkit lays a string out right to left. */
const OWN_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;

export type Segment = { text: string; font: Font; width: number };
/** One line in visual order: its pieces left to right, its width, and whether it holds Arabic (a taller line). */
export type TextLine = { text: string; segments: Segment[]; width: number; arabic: boolean };

const reverse = (text: string) => Array.from(text).reverse().join("");

/** The pieces of `text` (one paragraph, or the line [start, end) of it) at `size`, in drawing order. */
function pieces(text: string, latin: LatinFont, direction?: "ltr" | "rtl"): { text: string; font: Font }[] {
  const paragraph = bidiParagraph(text, direction);
  const out: { text: string; font: Font }[] = [];
  for (const run of visualRuns(paragraph)) {
    const logical: { text: string; font: Font }[] = [];
    for (let i = run.start; i < run.end; i++) {
      const char = paragraph.chars[i]!;
      if (INVISIBLE.test(char)) continue;
      const arabic = ARABIC.test(char);
      const font = arabic ? arabicFace(latin) : latin;
      const drawn = arabic ? char : WIN_ANSI.test(char) ? (run.rtl ? mirrored(char) : char) : "?";
      const last = logical[logical.length - 1];
      // Right to left, every space is a piece of its own (pdfkit would lay the words out left to right).
      const split = run.rtl && (char === " " || last?.text === " ");
      if (last && last.font === font && !split) last.text += drawn;
      else logical.push({ text: drawn, font });
    }
    if (run.rtl) logical.reverse();
    for (const piece of logical) {
      const fontkitReverses = piece.font !== latin && /\p{Script=Arabic}/u.test(piece.text.match(OWN_SCRIPT)?.[0] ?? "");
      out.push({ font: piece.font, text: fontkitReverses === run.rtl ? piece.text : reverse(piece.text) });
    }
  }
  return out;
}

/** Lays out one line of text in `latin` (and the Arabic face for Arabic) at `size`; `direction` is the paragraph's. */
export function layoutLine(doc: PDFKit.PDFDocument, text: string, latin: LatinFont, size: number, direction?: "ltr" | "rtl"): TextLine {
  // Codes, serials, PINs and English words: one piece, no bidi needed.
  const plain = direction !== "rtl" && /^[\x20-\x7e]*$/.test(text);
  const segments = (plain ? [{ text, font: latin }] : pieces(text, latin, direction)).map((piece) => ({ ...piece, width: doc.font(piece.font).fontSize(size).widthOfString(piece.text) }));
  return { text, segments, width: segments.reduce((sum, s) => sum + s.width, 0), arabic: segments.some((s) => s.font !== latin) };
}

/** The width of `text` on one line (what wrapping measures). */
export function lineWidth(doc: PDFKit.PDFDocument, text: string, latin: LatinFont, size: number, direction?: "ltr" | "rtl"): number {
  return layoutLine(doc, text, latin, size, direction).width;
}

/** The standard fonts' ascenders (their AFM files), where a Latin line's baseline sits below its top. */
const ASCENT: Record<LatinFont, number> = { Courier: 0.629, "Courier-Bold": 0.629, Helvetica: 0.718, "Helvetica-Bold": 0.718 };

/**
 * A line's height and its baseline below its top, in units of the font size: a Latin line as pdfkit
 * sets it (1.18); a line with Arabic taller, for the marks above and the tails below the baseline.
 */
export function lineMetrics(line: TextLine, latin: LatinFont): { height: number; ascent: number } {
  return line.arabic ? { height: 1.6, ascent: 1.02 } : { height: 1.18, ascent: ASCENT[latin] };
}

/** Draws a laid-out line from `x`, its top at `top`. */
export function drawLine(doc: PDFKit.PDFDocument, line: TextLine, latin: LatinFont, x: number, top: number, size: number) {
  const baseline = top + lineMetrics(line, latin).ascent * size;
  let at = x;
  for (const segment of line.segments) {
    if (segment.text.trim()) doc.font(segment.font).fontSize(size).text(segment.text, at, baseline, { lineBreak: false, baseline: "alphabetic" });
    at += segment.width;
  }
}
