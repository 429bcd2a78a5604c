import { useTranslation } from "react-i18next";
import type { BatchScreenData } from "./batch-loader.server";
import { MailOffNote } from "~/platform/ui/mail-off-note";

/**
 * A run's registered buyers (decision 162), for staff: how many confirmed, how many were queued the
 * open recall's notice and whether mail leaves the machine; owners also get the CSV of addresses.
 */
export function RunRegistrants({ runId, registrants, canExport }: { runId: string; registrants: NonNullable<BatchScreenData["registrants"]>; canExport: boolean }) {
  const { t } = useTranslation("batches");
  return (
    <section aria-labelledby="registrants-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6" data-testid="run-registrants">
      <h2 id="registrants-title" className="font-display text-xl font-semibold text-ink-900">
        {t("registrants.title")}
      </h2>
      <p className="mt-2 text-ink-700" data-testid="registrants-confirmed">
        {t("registrants.confirmed", { count: registrants.confirmed, n: registrants.confirmed })}
      </p>
      {registrants.recalled ? (
        <p className="mt-2 text-ink-700" data-testid="registrants-notified">
          {t("registrants.notified", { count: registrants.notified, n: registrants.notified })}
        </p>
      ) : null}
      {registrants.mailConfigured ? null : (
        <MailOffNote>{t("registrants.mailNotConfigured")}</MailOffNote>
      )}
      {canExport ? (
        <p className="mt-3 text-sm">
          <a href={`/admin/dashboard/batches/${runId}/registrations.csv`} download className="font-semibold text-accent-700 underline-offset-4 hover:underline" data-testid="registrants-export">
            {t("registrants.export")}
          </a>{" "}
          <span className="text-ink-500">{t("registrants.exportNote")}</span>
        </p>
      ) : null}
    </section>
  );
}
