/**
 * The Unicode bidirectional algorithm (UAX #9) for one paragraph of plain text, as far as printed
 * labels need it (decision 151): a PDF draws glyphs left to right, so a line mixing Arabic with a
 * lot, "SPF 59" or digits must be put into visual order before it is drawn. Browsers do this for
 * the site itself; pdfkit does not.
 *
 * What is implemented: the characters' bidi classes (from Unicode's script and category properties,
 * the classes that differ listed by hand), isolates (LRI, RLI, FSI … PDI, as `~/lib/bidi` writes them),
 * the weak-type rules W1–W7, the neutral rules N1–N2, the implicit levels I1–I2 and, per line, L1–L2.
 * Left out, as label text never carries them: explicit embeddings and overrides (LRE, RLE, LRO, RLO,
 * PDF are ignored), bracket pairs (N0) and more than one paragraph. The result is the level of each
 * code point; `visualRuns` turns the levels of one line into runs in drawing order.
 */

export type BidiClass = "L" | "R" | "AL" | "EN" | "ES" | "ET" | "AN" | "CS" | "NSM" | "BN" | "B" | "S" | "WS" | "ON" | "LRI" | "RLI" | "FSI" | "PDI";

const CLASSES: [RegExp, BidiClass][] = [
  [/[\u2066]/u, "LRI"],
  [/[\u2067]/u, "RLI"],
  [/[\u2068]/u, "FSI"],
  [/[\u2069]/u, "PDI"],
  [/[\u200e]/u, "L"],
  [/[\u200f]/u, "R"],
  [/[\u061c]/u, "AL"],
  [/[\f \u1680\u2000-\u200a\u2028\u205f\u3000]/u, "WS"],
  [/[\u00ad\u200b-\u200d\u202a-\u202e\u2060-\u2065\ufeff\p{Cc}]/u, "BN"],
  [/[0-9\u00b2\u00b3\u00b9\u06f0-\u06f9\u2070\u2074-\u2079\u2080-\u2089\uff10-\uff19]/u, "EN"],
  [/[\u0600-\u0605\u0660-\u0669\u066b\u066c\u06dd\u08e2\u{10e60}-\u{10e7e}]/u, "AN"],
  [/[+\-\u207a\u207b\u208a\u208b\u2212\ufb29\ufe62\ufe63\uff0b\uff0d]/u, "ES"],
  [/[#$%\u00b0\u00b1\u0609\u060a\u066a\u2030-\u2034\p{Sc}]/u, "ET"],
  [/[,./:\u00a0\u060c\u202f\u2044\ufe50\ufe52\ufe55\uff0c\uff0e\uff0f\uff1a]/u, "CS"],
  [/[\p{Mn}\p{Me}]/u, "NSM"],
  [/[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u, "AL"],
  [/[\p{Script=Hebrew}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u, "R"],
  [/[\p{P}\p{S}\p{Zs}]/u, "ON"],
];

/** Paragraph and segment separators (control characters, kept out of the patterns above). */
const SEPARATORS: Record<number, BidiClass> = { 0x0a: "B", 0x0d: "B", 0x1c: "B", 0x1d: "B", 0x1e: "B", 0x85: "B", 0x2029: "B", 0x09: "S", 0x0b: "S", 0x1f: "S" };

/** The bidi class of one code point (approximated from its script and category where UAX #9's table is not listed here). */
export function bidiClass(char: string): BidiClass {
  const separator = SEPARATORS[char.codePointAt(0) ?? 0];
  if (separator) return separator;
  for (const [pattern, type] of CLASSES) if (pattern.test(char)) return type;
  return "L";
}

const isStrongRtl = (type: BidiClass) => type === "R" || type === "AL";
const isIsolateControl = (type: BidiClass) => type === "LRI" || type === "RLI" || type === "FSI" || type === "PDI";
const isNeutral = (type: BidiClass) => type === "B" || type === "S" || type === "WS" || type === "ON" || isIsolateControl(type);
const direction = (level: number): BidiClass => (level % 2 === 0 ? "L" : "R");

/** The index of the PDI closing the isolate opened at `open`, or `end` when it is never closed. */
function closingPdi(types: BidiClass[], open: number, end: number): number {
  let depth = 0;
  for (let i = open + 1; i < end; i++) {
    if (types[i] === "LRI" || types[i] === "RLI" || types[i] === "FSI") depth++;
    else if (types[i] === "PDI") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return end;
}

/** P2–P3: 1 when the first strong character (isolates skipped) of [start, end) is right-to-left, else 0. */
function firstStrongLevel(types: BidiClass[], start: number, end: number): 0 | 1 {
  for (let i = start; i < end; i++) {
    const type = types[i]!;
    if (type === "L") return 0;
    if (isStrongRtl(type)) return 1;
    if (type === "LRI" || type === "RLI" || type === "FSI") i = closingPdi(types, i, end);
  }
  return 0;
}

/** The text's direction by its first strong character: "rtl" for Arabic or Hebrew, else "ltr". */
export function textDirection(text: string): "ltr" | "rtl" {
  const types = Array.from(text, bidiClass);
  return firstStrongLevel(types, 0, types.length) === 1 ? "rtl" : "ltr";
}

/**
 * Resolves the isolating run sequence [start, end) at `level` (its nested isolates count as one
 * neutral each and are resolved on their own, one or two levels up), writing into `levels`.
 */
function resolveSequence(types: BidiClass[], levels: number[], start: number, end: number, level: number) {
  const seq: number[] = [];
  for (let i = start; i < end; i++) {
    const type = types[i]!;
    if (type === "BN") continue;
    seq.push(i);
    if (type === "LRI" || type === "RLI" || type === "FSI") {
      const close = closingPdi(types, i, end);
      const rtl = type === "RLI" || (type === "FSI" && firstStrongLevel(types, i + 1, close) === 1);
      const inner = rtl ? level + (level % 2 === 0 ? 1 : 2) : level + (level % 2 === 0 ? 2 : 1);
      resolveSequence(types, levels, i + 1, close, inner);
      if (close < end) seq.push(close);
      i = close;
    }
  }
  const t = seq.map((i) => types[i]!);
  const sos = direction(level);
  const eos = sos;
  // W1: a mark takes the type before it (after an isolate control or at the start: ON or sos).
  for (let k = 0; k < t.length; k++) {
    if (t[k] !== "NSM") continue;
    const before = k === 0 ? sos : t[k - 1]!;
    t[k] = isIsolateControl(before) ? "ON" : before;
  }
  // W2, W3: European digits after Arabic letters are Arabic numbers; AL becomes R.
  let strong: BidiClass = sos;
  for (let k = 0; k < t.length; k++) {
    const type = t[k]!;
    if (type === "L" || type === "R" || type === "AL") strong = type;
    else if (type === "EN" && strong === "AL") t[k] = "AN";
  }
  for (let k = 0; k < t.length; k++) if (t[k] === "AL") t[k] = "R";
  // W4: one separator between two numbers of a kind joins them.
  for (let k = 1; k < t.length - 1; k++) {
    const [before, type, after] = [t[k - 1], t[k], t[k + 1]];
    if (type === "ES" && before === "EN" && after === "EN") t[k] = "EN";
    else if (type === "CS" && before === after && (before === "EN" || before === "AN")) t[k] = before;
  }
  // W5: terminators next to a European number belong to it.
  for (let k = 0; k < t.length; k++) {
    if (t[k] !== "ET") continue;
    let j = k;
    while (j < t.length && t[j] === "ET") j++;
    if ((k > 0 && t[k - 1] === "EN") || (j < t.length && t[j] === "EN")) for (let m = k; m < j; m++) t[m] = "EN";
    k = j - 1;
  }
  // W6: the other separators and terminators are neutral.
  for (let k = 0; k < t.length; k++) if (t[k] === "ES" || t[k] === "ET" || t[k] === "CS") t[k] = "ON";
  // W7: European digits after a left-to-right letter are left-to-right.
  strong = sos;
  for (let k = 0; k < t.length; k++) {
    const type = t[k]!;
    if (type === "L" || type === "R") strong = type;
    else if (type === "EN" && strong === "L") t[k] = "L";
  }
  // N1, N2: neutrals between two of one direction take it (numbers count as R), else the level's.
  const side = (type: BidiClass | undefined): BidiClass => (type === "L" ? "L" : "R");
  for (let k = 0; k < t.length; k++) {
    if (!isNeutral(t[k]!)) continue;
    let j = k;
    while (j < t.length && isNeutral(t[j]!)) j++;
    const before = k === 0 ? sos : side(t[k - 1]);
    const after = j === t.length ? eos : side(t[j]);
    const resolved = before === after ? before : direction(level);
    for (let m = k; m < j; m++) t[m] = resolved;
    k = j - 1;
  }
  // I1, I2.
  seq.forEach((index, k) => {
    const type = t[k]!;
    if (level % 2 === 0) levels[index] = type === "R" ? level + 1 : type === "AN" || type === "EN" ? level + 2 : level;
    else levels[index] = type === "L" || type === "AN" || type === "EN" ? level + 1 : level;
  });
}

export type BidiParagraph = { chars: string[]; types: BidiClass[]; levels: number[]; level: 0 | 1 };

/** The resolved levels of one paragraph's code points; its level is the first strong character's unless `direction` is given. */
export function bidiParagraph(text: string, paragraphDirection?: "ltr" | "rtl"): BidiParagraph {
  const chars = Array.from(text);
  const types = chars.map(bidiClass);
  const level = paragraphDirection ? (paragraphDirection === "rtl" ? 1 : 0) : firstStrongLevel(types, 0, types.length);
  const levels = chars.map(() => level as number);
  resolveSequence(types, levels, 0, chars.length, level);
  // X9's removed characters take the level before them.
  types.forEach((type, i) => {
    if (type === "BN") levels[i] = i > 0 ? levels[i - 1]! : level;
  });
  return { chars, types, levels, level };
}

/** A run of one level, its code points [start, end) in logical order; `rtl` when it reads right to left. */
export type BidiRun = { start: number; end: number; level: number; rtl: boolean };

/**
 * The runs of the line [start, end) of a paragraph in visual order, left to right (L1: trailing
 * white space back at the paragraph's level; L2: reversal from the highest level down).
 */
export function visualRuns(paragraph: BidiParagraph, start = 0, end = paragraph.chars.length): BidiRun[] {
  const levels = paragraph.levels.slice(start, end);
  const types = paragraph.types.slice(start, end);
  // L1.
  for (let i = levels.length - 1; i >= 0; i--) {
    const type = types[i]!;
    if (type !== "WS" && type !== "BN" && !isIsolateControl(type)) break;
    levels[i] = paragraph.level;
  }
  types.forEach((type, i) => {
    if (type === "S" || type === "B") {
      levels[i] = paragraph.level;
      for (let j = i - 1; j >= 0 && (types[j] === "WS" || isIsolateControl(types[j]!) || types[j] === "BN"); j--) levels[j] = paragraph.level;
    }
  });
  // L2, on indices.
  const order = levels.map((_, i) => i);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((l) => (l % 2 === 1 ? l : l + 1)), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]!]! < level) continue;
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      const reversed = order.slice(i, j).reverse();
      order.splice(i, j - i, ...reversed);
      i = j - 1;
    }
  }
  const runs: BidiRun[] = [];
  for (const index of order) {
    const level = levels[index]!;
    const rtl = level % 2 === 1;
    const last = runs[runs.length - 1];
    if (last && last.level === level && (rtl ? last.start === start + index + 1 : last.end === start + index)) {
      if (rtl) last.start -= 1;
      else last.end += 1;
      continue;
    }
    runs.push({ start: start + index, end: start + index + 1, level, rtl });
  }
  return runs;
}

const MIRRORED: Record<string, string> = { "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«", "‹": "›", "›": "‹" };

/** L4: a character drawn right to left as its mirror image where it has one (brackets, guillemets). */
export function mirrored(char: string): string {
  return MIRRORED[char] ?? char;
}
