/**
 * Bidirectional isolation, in one place. A code, a phone number, an e-mail, a lot or a date put
 * into an Arabic sentence must keep its own order: "3769-M7B9" inside right-to-left text would
 * otherwise be drawn "M7B9-3769" (its digits take the sentence's direction, its letters do not).
 *
 * Messages are built as plain text with Unicode isolates around every interpolated value:
 * LRI … PDI for values that always read left to right (codes, phone numbers, e-mails, lots, URLs),
 * FSI … PDI for values whose direction is their own (a date written in Arabic or English). Plain-text
 * readers (the API's `message`, a toast's description) get them as they are; markup renders them as
 * `<bdi dir="ltr">` and `<bdi>` (`~/platform/ui/bidi-text`).
 */

export const LRI = "\u2066";
export const FSI = "\u2068";
export const PDI = "\u2069";

/** A value that reads left to right whatever surrounds it: codes, phone numbers, e-mails, lots. */
export function ltr(value: string | number): string {
  return `${LRI}${value}${PDI}`;
}

/** A value that keeps its own direction (its first strong letter decides): dates, names. */
export function ownDirection(value: string | number): string {
  return `${FSI}${value}${PDI}`;
}

type Direction = "ltr" | "auto";
type Values = Record<string, string | number>;

/**
 * The values of a message for i18next, each isolated: left to right unless `own` names it (then its
 * own direction). `t("result.used", isolated({ code, date }, ["date"]))`.
 */
export function isolated<V extends Values>(values: V, own: readonly (keyof V)[] = []): { [K in keyof V]: string } {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, own.includes(key) ? ownDirection(value) : ltr(value)]),
  ) as { [K in keyof V]: string };
}

/** A piece of a message: plain text, or an isolated value and its direction. */
export type BidiPart = { text: string; isolate?: Direction };

/**
 * Splits a message into its plain text and its isolated values (outermost isolates only; an
 * unterminated isolate runs to the end, as in the Unicode algorithm).
 */
export function bidiParts(message: string): BidiPart[] {
  const parts: BidiPart[] = [];
  let plain = "";
  let i = 0;
  while (i < message.length) {
    const c = message[i]!;
    if (c !== LRI && c !== FSI) {
      plain += c;
      i += 1;
      continue;
    }
    let depth = 1;
    let j = i + 1;
    for (; j < message.length && depth > 0; j += 1) {
      const d = message[j];
      if (d === LRI || d === FSI || d === "\u2067") depth += 1;
      else if (d === PDI) depth -= 1;
    }
    const end = depth === 0 ? j - 1 : j;
    if (plain) parts.push({ text: plain });
    plain = "";
    parts.push({ text: message.slice(i + 1, end), isolate: c === LRI ? "ltr" : "auto" });
    i = j;
  }
  if (plain) parts.push({ text: plain });
  return parts;
}

/** Every explicit directional formatting character (embeddings, overrides, isolates) and the marks. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text without isolates and marks (to compare or to search it). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

