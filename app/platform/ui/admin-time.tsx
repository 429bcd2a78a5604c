import { formatDate } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { LocalTime } from "./local-time";

/**
 * The admin's dates and times, one way on every page (decision 163): an instant (AdminTime) is "25 Nov
 * 2026, 14:03" in the admin's own zone (UTC, named, until the zone is known); a calendar day
 * (AdminDate, a best-before date, a purchase date) is "25 Nov 2026", never shifted by a zone. Both are
 * isolated, so inside Arabic they keep their own order; neither is ever a raw `2026-11-25`.
 */

/** A date and time in an admin table: short month, in the admin's own time zone (see LocalTime). */
export function AdminTime({ iso, language }: { iso: string; language: Language }) {
  return <LocalTime iso={iso} language={language} month="short" />;
}

/** A table cell holding one AdminTime (when something was made, last used, changed). */
export function AdminTimeCell({ iso, language, className }: { iso: string; language: Language; className: string }) {
  return (
    <td className={className}>
      <AdminTime iso={iso} language={language} />
    </td>
  );
}

/** A calendar day (`YYYY-MM-DD`) in an admin page: "25 Nov 2026" / «25 نوفمبر 2026», isolated in its own direction. */
export function AdminDate({ day, language }: { day: string; language: Language }) {
  return (
    <time dateTime={day} className="whitespace-nowrap [unicode-bidi:isolate]">
      {adminDay(day, language)}
    </time>
  );
}

/** AdminDate as text, for a message that names a day (isolate it: `isolated({ date }, ["date"])`). */
export function adminDay(day: string, language: Language): string {
  return formatDate(day, language, "short");
}
