import type { Language } from "~/i18n/languages";
import { LocalTime } from "./local-time";

/** A date and time in an admin table: short month, in the admin's own time zone (see LocalTime). */
export function AdminTime({ iso, language }: { iso: string; language: Language }) {
  return <LocalTime iso={iso} language={language} month="short" />;
}
