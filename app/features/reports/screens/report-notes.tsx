import { useTranslation } from "react-i18next";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminTime } from "~/platform/ui/admin-time";
import { card } from "./report-cards";
import type { ReportScreenData } from "./reports-loader.server";

/** The notes left with each change of a report's status, oldest first. */
export function ReportNotes({ notes }: { notes: ReportScreenData["notes"] }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  return (
    <section className="mt-10" aria-labelledby="report-notes">
      <h2 id="report-notes" className="font-display text-xl font-semibold text-ink-900">
        {t("reports.notesTitle")}
      </h2>
      {notes.length === 0 ? (
        <p className="mt-3 text-ink-700">{t("reports.noNotes")}</p>
      ) : (
        <ol className="mt-4 grid gap-3" data-testid="report-notes">
          {notes.map((note) => (
            <li key={note.id} className={card}>
              <p className="text-sm font-semibold text-ink-900">
                {t("reports.noteBy", { name: note.author, from: t(`reports.statuses.${note.status_from}`), to: t(`reports.statuses.${note.status_to}`) })}
                <span className="ms-2 font-normal text-ink-700">
                  <AdminTime iso={note.created_at} language={language} />
                </span>
              </p>
              {note.note ? (
                <p dir="auto" className="mt-2 whitespace-pre-wrap break-words text-start text-ink-700">
                  {note.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
