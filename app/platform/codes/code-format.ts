/**
 * The one place for what a verification code looks like. Shared by server and browser (the admin's
 * Generate button), so it uses only Web Crypto.
 */
import { latinDigits } from "~/platform/lib/digits";
import { grouped } from "~/platform/lib/grouped";

/** A-Z and 0-9 less the characters shoppers misread on printed labels: 0 O 1 I L. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GENERATED_CODE_LENGTH = 8;
export const MIN_CODE_LENGTH = 4;
export const MAX_CODE_LENGTH = 32;
/** Room in a code field for the longest storable code grouped in fours (32 + 7 dashes) and a little slack. */
export const CODE_INPUT_MAX = MAX_CODE_LENGTH + 8;
/** Room in the shopper's field for a whole verify link pasted into it (the server reads up to 256). */
export const CODE_PASTE_MAX = 256;


/** Characters that draw nothing: soft hyphens, zero-width spaces and joiners, bidi marks and isolates. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * The code of a whole verify link pasted into a code field (`https://…/verify?code=ABCD1234`, with
 * or without the scheme), or null when the text is not such a link.
 */
function codeOfVerifyLink(text: string): string | null {
  if (!/^(?:https?:\/\/|www\.|[\w.-]+\.[a-z]{2,}\/)/i.test(text) || !/[?&]code=/i.test(text)) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    if (!/\/verify\/?$/.test(url.pathname)) return null;
    return url.searchParams.get("code");
  } catch {
    return null;
  }
}

/**
 * Normalises typed, pasted or scanned input, the one place codes are normalised: drops invisible
 * characters (soft hyphens, zero-width spaces, bidi marks), takes the code out of a whole verify link,
 * drops spaces and hyphens (any dash), maps Arabic-Indic digits to Latin ones, and upper-cases.
 * `abcd-1234` and `https://site/verify?code=ABCD-1234` become `ABCD1234`.
 */
export function normalizeCode(input: string): string {
  const visible = input.normalize("NFKC").replace(INVISIBLE, "").trim();
  return latinDigits(codeOfVerifyLink(visible) ?? visible)
    .replace(/[\s\-\u2010-\u2015\u2212_]+/g, "")
    .toUpperCase();
}

/** True for normalised input made only of A-Z and 0-9 (what a code can be), empty aside. */
export function isCodeLike(normalized: string): boolean {
  return /^[A-Z0-9]+$/.test(normalized);
}

/** True for a normalised code an admin may store: 4–32 characters of A-Z and 0-9. */
export function isStorableCode(normalized: string): boolean {
  return new RegExp(`^[A-Z0-9]{${MIN_CODE_LENGTH},${MAX_CODE_LENGTH}}$`).test(normalized);
}

/** A code an admin types (one by one, or through the API) has at least this many characters. */
const MIN_TYPED_CODE_LENGTH = 8;

/** The number of equal steps (−1, 0 or +1 between neighbouring characters) `code` splits into, greedily. */
function simpleRuns(code: string): number {
  let runs = 0;
  let i = 0;
  while (i < code.length) {
    runs += 1;
    const step = i + 1 < code.length ? code.charCodeAt(i + 1) - code.charCodeAt(i) : 2;
    if (Math.abs(step) > 1) {
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j + 1 < code.length && code.charCodeAt(j + 1) - code.charCodeAt(j) === step) j += 1;
    i = j + 1;
  }
  return runs;
}

/** True when `code` is a shorter unit repeated (`ABAB…`, `XYZXYZ…`, `ABCDABCD`). */
function isRepeatedUnit(code: string): boolean {
  for (let unit = 1; unit <= code.length / 2; unit += 1) {
    let repeats = true;
    for (let i = unit; i < code.length && repeats; i += 1) repeats = code[i] === code[i - unit];
    if (repeats) return true;
  }
  return false;
}

/**
 * Why a typed code (normalised) may not be stored, or null when it may: `invalid_format` (not 8–32 of
 * A–Z and 0–9), `pin_shape` (9 characters: the shape of a pack's PIN, which the verify page answers
 * as a PIN, decision 165) or `weak_code` (easy to guess: at most two distinct characters; a unit repeated, as
 * `ABABABAB` or `ABCDABCD`; or at most two runs of one character or of a sequence, as `QQQQQQQQ`,
 * `AAAA2222`, `ABCDEFGH`, `23456789`, `ABCD1234`). Codes of a print run are drawn at random and never
 * asked; older codes of 4–7 characters stay valid and findable.
 */
export function typedCodeProblem(normalized: string): "invalid_format" | "weak_code" | "pin_shape" | null {
  if (!isStorableCode(normalized) || normalized.length < MIN_TYPED_CODE_LENGTH) return "invalid_format";
  if (isPinShaped(normalized)) return "pin_shape";
  if (new Set(normalized).size <= 2 || isRepeatedUnit(normalized) || simpleRuns(normalized) <= 2) return "weak_code";
  return null;
}

/**
 * A code as a member whose role may not take codes away reads it: nothing of it, `••••-••••` (not a
 * character, not its length: a shown group would narrow a guess to 31⁴ candidates; issue 42, N1,
 * decision 170). Shared by the API's JSON and the screens.
 */
export const MASKED_CODE = "••••-••••";

/** A two-part pack's public serial: 10–12 characters of CODE_ALPHABET (11 generated). */
export const PACK_SERIAL_LENGTH = 11;
export const MIN_PACK_SERIAL = 10;
export const MAX_PACK_SERIAL = 12;
/**
 * A two-part pack's secret PIN: 9 characters of CODE_ALPHABET, printed in threes (`ABC-DEF-GHJ`), a
 * shape no one-time code is given (those have 8, or 10 and more when typed), so a PIN typed where a
 * code goes is known by its shape alone (decision 165). Runs made before that have 8-character PINs
 * (`LEGACY_PIN_LENGTH`), which their pack pages still take.
 */
export const PIN_LENGTH = 9;
export const LEGACY_PIN_LENGTH = 8;
/** Room in the PIN field for a PIN grouped (ABC-DEF-GHJ) with spaces around it. */
export const PIN_INPUT_MAX = 16;

const OF_ALPHABET = (min: number, max: number) => new RegExp(`^[${CODE_ALPHABET}]{${min},${max}}$`);
const PACK_SERIAL = OF_ALPHABET(MIN_PACK_SERIAL, MAX_PACK_SERIAL);
const PIN = OF_ALPHABET(LEGACY_PIN_LENGTH, PIN_LENGTH);
/** What a PIN typed where a code goes looks like: 9 letters and digits (a look-alike mistyped still counts). */
const PIN_SHAPE = new RegExp(`^[A-Z0-9]{${PIN_LENGTH}}$`);

/** True for a normalised (`normalizeCode`) pack serial: 10–12 characters of the label alphabet. */
export function isPackSerial(normalized: string): boolean {
  return PACK_SERIAL.test(normalized);
}

/** True for a normalised (`normalizeCode`) PIN a pack's page takes: 9 characters of the label alphabet, or 8 (older runs). */
export function isPin(normalized: string): boolean {
  return PIN.test(normalized);
}

/**
 * True for normalised input shaped like a PIN of today's runs (9 letters and digits): the verify page
 * answers "this is a PIN, open its pack" instead of a verdict (decision 165). Shape alone: it says
 * nothing about whether such a PIN exists.
 */
export function isPinShaped(normalized: string): boolean {
  return PIN_SHAPE.test(normalized);
}

/** A PIN as printed: 9 characters in threes (`ABC-DEF-GHJ`), an older 8-character one in fours (`ABCD-1234`). */
export function formatPin(pin: string): string {
  return grouped(pin, pin.length === PIN_LENGTH ? 3 : 4);
}

/** Groups a code in fours for print and display: `ABCD1234` → `ABCD-1234`. Anything else is left as it is. */
export function formatCode(code: string): string {
  return grouped(code);
}

/**
 * A source of random codes for making many at once (a print run): the same draw as generateCode,
 * from one large buffer of random bytes refilled as it runs out, instead of one small one per code.
 */
export function codeSource(length = GENERATED_CODE_LENGTH): () => string {
  const size = CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  const buffer = new Uint8Array(65536);
  let at = buffer.length;
  return () => {
    let code = "";
    while (code.length < length) {
      if (at === buffer.length) {
        globalThis.crypto.getRandomValues(buffer);
        at = 0;
      }
      const byte = buffer[at++]!;
      if (byte < limit) code += CODE_ALPHABET[byte % size];
    }
    return code;
  };
}

/**
 * A random code from CODE_ALPHABET, drawn uniformly with a cryptographic source: bytes at or above
 * the largest multiple of the alphabet size are rejected, so there is no modulo bias.
 */
export function generateCode(length = GENERATED_CODE_LENGTH): string {
  const size = CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  const buffer = new Uint8Array(length * 2);
  while (code.length < length) {
    globalThis.crypto.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte < limit) code += CODE_ALPHABET[byte % size];
      if (code.length === length) break;
    }
  }
  return code;
}

/** Anything a form or JSON body carried, normalised; numbers are accepted as typed digits. */
export function normalizeInput(input: unknown): string {
  if (typeof input === "number" && Number.isFinite(input)) return normalizeCode(String(input));
  return typeof input === "string" ? normalizeCode(input.slice(0, CODE_PASTE_MAX)) : "";
}
