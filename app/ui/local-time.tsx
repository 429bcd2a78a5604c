import { useEffect, useState } from "react";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { browserTimeZone, FALLBACK_TIME_ZONE } from "~/i18n/time-zone";
import { useRootData } from "~/root-data";

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

/** A date and time in the visitor's zone (see useTimeZone), in a `<time>` that keeps its own direction. */
export function LocalTime({ iso, language, month = "short" }: { iso: string; language: Language; month?: "long" | "short" }) {
  const timeZone = useTimeZone();
  return (
    <time dateTime={iso} className="whitespace-nowrap" data-time-zone={timeZone}>
      {formatDateTime(iso, language, { month, timeZone })}
    </time>
  );
}
