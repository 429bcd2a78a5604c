import { intlLocale, type Language } from "./languages";

/**
 * A date and time for people, in the language: "21 November 2026, 14:03 UTC" (`month: "long"`, the
 * verification result) or "21 Nov 2026, 14:03" (`"short"`, admin tables). With `timeZone` the zone is
 * named, since the reader's own may differ (the server renders in UTC); without it the browser's own.
 */
export function formatDateTime(
  iso: string,
  language: Language,
  { month = "long", timeZone }: { month?: "long" | "short"; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: "numeric",
    month,
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(timeZone ? { timeZone, timeZoneName: "short" } : {}),
  }).format(new Date(iso));
}

/** A count in the language's digits and grouping (Arabic keeps Latin digits, see intlLocale). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/**
 * A calendar date (`YYYY-MM-DD`, such as a best-before date) for people, in the language: "31 January
 * 2027". It is a day, not an instant, so it is never shifted by a time zone.
 */
export function formatDate(day: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
