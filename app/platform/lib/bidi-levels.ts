import bidiFactory from "bidi-js";

/**
 * The Unicode bidirectional algorithm (UAX #9) for the text a PDF draws (decision 151), through the
 * maintained `bidi-js`: a PDF draws glyphs left to right, so a line mixing Arabic with a lot,
 * "SPF 59" or digits must be put into visual order before it is drawn. Browsers do this for the site
 * itself; pdfkit does not. This module only adapts bidi-js's levels and reordering to the runs the
 * label sheets draw.
 */

const bidi = bidiFactory();

/** One paragraph: its characters (UTF-16 units; astral characters, which no label font draws, as "?"), their levels, its own level. */
export type BidiParagraph = { text: string; chars: string[]; levels: Uint8Array; level: 0 | 1 };

/** The paragraph's levels, its direction given or (P2–P3) taken from its first strong letter outside isolates. */
export function bidiParagraph(text: string, paragraphDirection?: "ltr" | "rtl"): BidiParagraph {
  const units = text.replace(/[\u{10000}-\u{10ffff}]/gu, "?");
  const resolved = bidi.getEmbeddingLevels(units, paragraphDirection ?? "auto");
  return { text: units, chars: units.split(""), levels: resolved.levels, level: resolved.paragraphs[0]?.level === 1 ? 1 : 0 };
}

/** The direction of a paragraph from its first strong letter (P2–P3), ltr when it has none. */
export function textDirection(text: string): "ltr" | "rtl" {
  return bidiParagraph(text).level === 1 ? "rtl" : "ltr";
}

/** What L1 resets to the paragraph's level before a segment separator and at the end of a line. */
const RESET = new Set(["WS", "BN", "LRI", "RLI", "FSI", "PDI"]);

/**
 * The levels of the line [start, end) after L1 (bidi-js applies it while reordering, but hands back
 * only the order): trailing white space and white space before a tab or a paragraph separator take
 * the paragraph's level, so that they are drawn on the paragraph's side.
 */
function lineLevels(paragraph: BidiParagraph, start: number, end: number): number[] {
  const levels = Array.from(paragraph.levels.subarray(start, end));
  const types = paragraph.chars.slice(start, end).map((char) => bidi.getBidiCharTypeName(char));
  const reset = (from: number) => {
    for (let i = from; i >= 0 && RESET.has(types[i]!); i--) levels[i] = paragraph.level;
  };
  reset(levels.length - 1);
  types.forEach((type, i) => {
    if (type === "S" || type === "B") {
      levels[i] = paragraph.level;
      reset(i - 1);
    }
  });
  return levels;
}

export type BidiRun = { start: number; end: number; level: number; rtl: boolean };

/** The runs of the line [start, end) of a paragraph in visual order, left to right (L1–L2, by bidi-js). */
export function visualRuns(paragraph: BidiParagraph, start = 0, end = paragraph.chars.length): BidiRun[] {
  if (end <= start) return [];
  const { text } = paragraph;
  const levels = lineLevels(paragraph, start, end);
  const resolved = { levels: paragraph.levels, paragraphs: [{ start: 0, end: text.length - 1, level: paragraph.level }] };
  const runs: BidiRun[] = [];
  for (const index of bidi.getReorderedIndices(text, resolved, start, end - 1)) {
    const level = levels[index - start]!;
    const rtl = level % 2 === 1;
    const last = runs[runs.length - 1];
    if (last && last.level === level && (rtl ? last.start === index + 1 : last.end === index)) {
      if (rtl) last.start -= 1;
      else last.end += 1;
      continue;
    }
    runs.push({ start: index, end: index + 1, level, rtl });
  }
  return runs;
}

/** L4: a character drawn right to left as its mirror image where it has one (brackets, guillemets). */
export function mirrored(char: string): string {
  return bidi.getMirroredCharacter(char) ?? char;
}
