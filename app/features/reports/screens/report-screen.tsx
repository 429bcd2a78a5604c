import { useTranslation } from "react-i18next";
import { useCan } from "~/platform/access/use-can";
import { DetailHeader } from "~/platform/ui/detail-header";
import { ScansTable } from "~/platform/ui/scans-table";
import { card, h2, PhotoCard, PurchaseCard, ScanCard } from "./report-cards";
import { ReportNotes } from "./report-notes";
import { Reference } from "./report-reference";
import { ReportStatusBadge } from "./report-status-badge";
import { ReportStatusForm } from "./report-status-form";
import type { ReportScreenData } from "./reports-loader.server";
import { REPORTS_PATH } from "./reports-screen";

/** One report: where it was bought, the photo, the check it came from, the code's history and the notes. */
export function ReportScreen({ data }: { data: ReportScreenData }) {
  const { t } = useTranslation("protection");
  const { report } = data;
  // A viewer reads reports and changes none: no status form.
  const mayChange = useCan("reports:write");
  const title = t("reports.detailTitle", { reference: report.reference });
  const [before, after] = t("reports.detailTitle", { reference: "\u0000" }).split("\u0000");

  return (
    <>
      <DetailHeader
        title={title}
        heading={
          <>
            {before}
            <Reference value={report.reference} />
            {after}
          </>
        }
        back={REPORTS_PATH}
        backLabel={t("reports.back")}
        badge={<ReportStatusBadge status={report.status} />}
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <PurchaseCard report={report} />
        <PhotoCard report={report} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ScanCard report={report} run={data.run} scanKept={data.scanKept} />
        {mayChange ? (
          <section className={card} aria-labelledby="report-change-title">
            <h2 id="report-change-title" className={h2}>
              {t("reports.changeTitle")}
            </h2>
            <div className="mt-4">
              <ReportStatusForm status={report.status} />
            </div>
          </section>
        ) : null}
      </div>

      <section className="mt-10" aria-labelledby="report-history">
        <h2 id="report-history" className="font-display text-xl font-semibold text-ink-900">
          {t("reports.historyTitle")}
        </h2>
        <div className="mt-4">
          {data.hasCode ? (
            <ScansTable scans={data.history} caption={t("reports.historyTitle")} empty={t("reports.historyEmpty")} />
          ) : (
            <p className="text-ink-700">{t("reports.historyNoCode")}</p>
          )}
        </div>
      </section>

      <ReportNotes notes={data.notes} />
    </>
  );
}
