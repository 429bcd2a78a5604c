import type { Language } from "~/i18n/languages";
import { LocalTime } from "./local-time";

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
