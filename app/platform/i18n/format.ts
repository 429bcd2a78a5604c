import { intlLocale, type Language } from "./languages";

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * One `Intl.DateTimeFormat` per language and options, made once and kept: making one costs about as
 * much as rendering a row, and the dashboard's chart and tables format hundreds of values a page.
 * The keys are bounded (two languages, a few option sets, the IANA time zones).
 */
export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d:${language}:${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), options);
    formats.set(key, format);
  }
  return format;
}

/** One `Intl.NumberFormat` per language and options, made once and kept (see `dateFormat`). */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n:${language}:${JSON.stringify(options)}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A date and time for people, in the language and a time zone: "21 November 2026, 05:13" /
 * "21 نوفمبر 2026 الساعة 05:13" (`month: "long"`, the verification result) or "21 Nov 2026, 14:03"
 * (`"short"`, admin tables). The visitor's own zone is not named; UTC, the fallback when the
 * visitor's zone is unknown, always is: "…, 14:03 UTC" / "… الساعة 14:03 (بتوقيت UTC)". Without
 * `timeZone`, the zone of the machine running it (the browser's own).
 */
export function formatDateTime(
  iso: string,
  language: Language,
  options: { month?: "long" | "short"; timeZone?: string } = {},
): string {
  return dateTimeParts(iso, language, options).join(" ");
}

/**
 * How a day is written, everywhere (decision 163): day, month, year, "25 Nov 2026" / «25 نوفمبر 2026»
 * (`short`, the admin) or "25 November 2026" (`long`, the shopper's pages). One set of options, so a
 * calendar day (formatDate) and the day of an instant (dateTimeParts) always read alike.
 */
function dayOptions(month: "long" | "short", timeZone: string | undefined): Intl.DateTimeFormatOptions {
  return { year: "numeric", month, day: "numeric", timeZone };
}

/**
 * formatDateTime's two halves, the day and the time, joined by a space into the same text: markup
 * keeps each half whole and lets a narrow screen break between them (LocalTime).
 */
export function dateTimeParts(
  iso: string,
  language: Language,
  { month = "long", timeZone }: { month?: "long" | "short"; timeZone?: string } = {},
): [day: string, time: string] {
  const date = new Date(iso);
  const day = dateFormat(language, dayOptions(month, timeZone)).format(date);
  const time = dateFormat(language, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(date);
  const utc = timeZone === "UTC";
  return language === "ar" ? [day, `الساعة ${time}${utc ? " (بتوقيت UTC)" : ""}`] : [`${day},`, `${time}${utc ? " UTC" : ""}`];
}

/** A count in the language's digits and grouping (Arabic keeps Latin digits, see intlLocale). */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}

/**
 * The options of a message that counts something (decision 152): `count`, a number, picks the plural
 * form (i18next selects `_one`, `_few`… by it through Intl.PluralRules, and only when it is a number),
 * and `n` is the same number as people read it (`formatNumber`: "1,250"). The dictionaries write
 * `{{n}}` where a count can run into thousands, isolated in Arabic (`\u2066{{n}}\u2069`):
 * `t("toast.revoked", counted(1250, language))` → "Print run revoked: 1,250 codes withdrawn".
 */
export function counted(value: number, language: Language): { count: number; n: string } {
  return { count: value, n: formatNumber(value, language) };
}

/**
 * A calendar date (`YYYY-MM-DD`, such as a best-before date) for people, in the language: "31 January
 * 2027" (`long`, the shopper's pages) or "31 Jan 2027" (`short`, the admin's, as its times). It is a
 * day, not an instant, so it is never shifted by a time zone.
 */
export function formatDate(day: string, language: Language, month: "long" | "short" = "long"): string {
  return dateFormat(language, dayOptions(month, "UTC")).format(new Date(`${day}T00:00:00Z`));
}
