import { z } from "./zod";

/**
 * The one sanitizer of free text people type (decision 149): contact name and message, a counterfeit
 * report's seller and city, a run's note and its revocation note, an admin's note on a report. It drops
 * what draws nothing or reorders what an admin reads, then trims; "required" and the lengths are
 * checked on what remains, so a field of only invisible characters is empty.
 *
 * Dropped: zero-width space and no-break space (U+200B, U+FEFF), word joiner and invisible operators
 * (U+2060–U+2064), bidi marks (LRM, RLM, ALM), embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), soft hyphen (U+00AD), combining grapheme joiner (U+034F), Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0), Khmer inherent vowels (U+17B4–U+17B5), Mongolian vowel separator (U+180E),
 * interlinear annotation marks (U+FFF9–U+FFFB), tag characters (U+E0000–U+E007F), NUL and every other
 * C0 and C1 control. A line break and a tab stay in multi-line text (line endings become `\n`); in a
 * one-line field every run of spaces, tabs and breaks is one space. The zero-width joiner and
 * non-joiner (U+200C, U+200D) stay only between two visible characters, where they shape Persian
 * and Arabic words and join emoji; anywhere else they go.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb]|\u034f|\u17b4|\u17b5/gu;
const TAGS = /[\u{e0000}-\u{e007f}]/gu;
/** A joiner with a visible character on each side (a space, a mark of its own or the text's edge is not one). */
const JOINER = /[\u200c\u200d]/gu;
const VISIBLE = /[^\s\u200c\u200d]/u;

function dropStrayJoiners(text: string): string {
  return text.replace(JOINER, (joiner, at: number, whole: string) => {
    const before = whole[at - 1];
    const after = String.fromCodePoint(whole.codePointAt(at + 1) ?? 32);
    return before !== undefined && VISIBLE.test(before) && VISIBLE.test(after) ? joiner : "";
  });
}

/** Free text without invisible and control characters, trimmed; one line unless `multiline`. */
export function cleanFreeText(value: string, { multiline = false } = {}): string {
  const kept = dropStrayJoiners(value.replace(/\r\n?/g, "\n").replace(INVISIBLE, "").replace(TAGS, ""));
  return multiline ? kept.trim() : kept.replace(/\s+/g, " ").trim();
}

/** What a free-text field sent: a string, or a number's digits (an API may send one); anything else is "". */
export function freeTextOf(value: unknown, options: { multiline?: boolean } = {}): string {
  if (typeof value === "string") return cleanFreeText(value, options);
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

type FreeTextOptions = {
  /** At most this many characters, counted after cleaning. */
  max: number;
  tooLong: string;
  multiline?: boolean;
};

/**
 * An optional free-text field of a schema: absent, null, or nothing left once cleaned is `undefined`;
 * otherwise the cleaned text, at most `max` characters.
 */
export function optionalFreeText({ max, tooLong, multiline }: FreeTextOptions) {
  return z
    .string()
    .nullish()
    .transform((value) => freeTextOf(value, { multiline }) || undefined)
    .refine((value) => value === undefined || value.length <= max, tooLong)
    .optional();
}

/** A required free-text field: cleaned, then `required` when nothing is left, else at most `max` characters. */
export function requiredFreeText({ max, tooLong, multiline, required }: FreeTextOptions & { required: string }) {
  return z
    .string({ error: required })
    .transform((value) => freeTextOf(value, { multiline }))
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: required });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: tooLong });
    });
}
