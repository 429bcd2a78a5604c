import { intlLocale, type Language } from "~/i18n/languages";

/**
 * A check's time for people: "21 November 2026 at 14:03 UTC" / "21 نوفمبر 2026 في 14:03 UTC".
 * Formatted on the server, where the visitor's time zone is unknown, so it says UTC.
 */
export function formatCheckTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}
