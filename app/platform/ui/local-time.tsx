import { useEffect, useState } from "react";
import { dateTimeParts } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { browserTimeZone, FALLBACK_TIME_ZONE } from "~/platform/i18n/time-zone";
import { useRootData } from "~/platform/ui/root-data";

/**
 * The zone times are shown in: the server renders in the zone an earlier page stored in the `tz`
 * cookie, else in UTC (named where it is shown); once the page runs in the browser, the browser's
 * own zone. The first render matches the server's HTML, so hydration never mismatches.
 */
export function useTimeZone(): string {
  const stored = useRootData()?.timeZone ?? null;
  const [zone, setZone] = useState(stored ?? FALLBACK_TIME_ZONE);
  useEffect(() => {
    const own = browserTimeZone();
    if (own) setZone(own);
  }, []);
  return zone;
}

/**
 * A date and time in the visitor's zone (see useTimeZone), in a `<time>` that keeps its own direction.
 * The day and the time each stay whole; a narrow screen may put the time under the day (a whole line
 * did not fit a 320 px phone in Arabic, and pushed the page wider).
 */
export function LocalTime({ iso, language, month = "short" }: { iso: string; language: Language; month?: "long" | "short" }) {
  const timeZone = useTimeZone();
  const [day, time] = dateTimeParts(iso, language, { month, timeZone });
  return (
    <time dateTime={iso} data-time-zone={timeZone} className="[unicode-bidi:isolate]">
      <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}
