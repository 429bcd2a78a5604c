import { latinDigits } from "./digits";
import { freeTextOf } from "./free-text";

/** A phone number's bounds in digits (E.164 allows 15). */
export const MIN_PHONE_DIGITS = 7;
export const MAX_PHONE_DIGITS = 15;

/** A typed phone number as stored: through the free-text sanitizer, its digits made Latin. */
export function cleanPhone(value: unknown): string {
  return latinDigits(freeTextOf(value));
}

/** Digits with spaces, dashes, dots and parentheses, an optional leading +, 7 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}
