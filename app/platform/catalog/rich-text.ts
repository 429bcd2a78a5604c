import { latinDigits } from "~/platform/lib/digits";

/**
 * The catalogue's small text format: `{Heading}` markers, paragraphs separated by blank lines, and
 * numbered steps ("1. …", "2) …", Arabic-Indic digits too), one a line.
 */
export type Segment =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "step"; number: number; text: string };

const HEADING = /\{([^{}\n]+)\}/g;
const STEP = /^([0-9\u0660-\u0669]{1,3})\s*[.)\-\u066B\u060C:]\s*(.+)$/;

function toNumber(digits: string): number {
  return Number(latinDigits(digits));
}

function parseBody(text: string, out: Segment[]) {
  let paragraph: string[] = [];
  const flush = () => {
    // Runs of spaces become one; a no-break space ("SPF 90") stays what it is.
    const joined = paragraph.join(" ").replace(/[^\S\u00A0]+/g, " ").trim();
    if (joined) out.push({ kind: "paragraph", text: joined });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const step = STEP.exec(line);
    if (step) {
      flush();
      out.push({ kind: "step", number: toNumber(step[1]!), text: step[2]!.trim() });
      continue;
    }
    paragraph.push(line);
  }
  flush();
}

/** Splits a description or how-to-use text into headings, paragraphs and numbered steps. */
export function parseRichText(text: string | null | undefined): Segment[] {
  if (!text) return [];
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(HEADING)) {
    parseBody(text.slice(last, match.index), segments);
    const heading = match[1]!.trim();
    if (heading) segments.push({ kind: "heading", text: heading });
    last = match.index + match[0].length;
    // "{Heading}: text" reads as a heading followed by its text.
    const rest = text.slice(last);
    const punctuation = /^[ \t]*[:\-–—،][ \t]*/.exec(rest);
    if (punctuation) last += punctuation[0].length;
  }
  parseBody(text.slice(last), segments);
  return segments;
}

/** Plain text of the first paragraph (for cards and meta descriptions). */
export function firstParagraph(text: string | null | undefined): string {
  return parseRichText(text).find((s) => s.kind === "paragraph")?.text ?? "";
}

/** Shortens text at a word boundary (never inside a word), with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1; // one character for the ellipsis
  const cut = text.slice(0, room);
  // The last whole word that fits: the cut itself when a space follows it, else up to its last space.
  const space = /[^\S\u00A0]/.test(text[room] ?? "") ? room : cut.search(/[^\S\u00A0][\S\u00A0]*$/);
  if (space <= 0) return `${cut}…`;
  return `${cut.slice(0, space).replace(/[\s,.;:،]+$/, "")}…`;
}
