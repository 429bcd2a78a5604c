import { useEffect, useState } from "react";
import { intlLocale, type Language } from "~/i18n/languages";

function format(iso: string, language: Language, timeZone?: string) {
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(timeZone ? { timeZone, timeZoneName: "short" } : {}),
  }).format(new Date(iso));
}

/**
 * A date and time formatted for the language. The server renders it in UTC (saying so); once the
 * page runs in the browser it switches to the admin's own time zone, without a hydration mismatch.
 */
export function AdminTime({ iso, language }: { iso: string; language: Language }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {format(iso, language, local ? undefined : "UTC")}
    </time>
  );
}

export function formatNumber(value: number, language: Language) {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}
