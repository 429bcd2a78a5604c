import { useEffect, useState } from "react";
import { formatDateTime } from "~/i18n/format";
import type { Language } from "~/i18n/languages";

/**
 * A date and time formatted for the language. The server renders it in UTC (saying so); once the
 * page runs in the browser it switches to the admin's own time zone, without a hydration mismatch.
 */
export function AdminTime({ iso, language }: { iso: string; language: Language }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso, language, { month: "short", timeZone: local ? undefined : "UTC" })}
    </time>
  );
}
