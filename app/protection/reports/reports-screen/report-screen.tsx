import { useTranslation } from "react-i18next";
import { countryName } from "~/protection/countries";
import { OutcomeBadge, ScanCode } from "~/protection/scan-bits";
import { ScansTable } from "~/protection/scans-table";
import { useLanguage } from "~/root-data";
import { AdminTime } from "~/ui/admin-time";
import { DetailHeader } from "~/protection/screen-bits";
import { Reference, ReportStatusBadge } from "./report-bits";
import { ReportStatusForm } from "./report-status-form";
import type { ReportScreenData } from "./reports-loader.server";
import { REPORTS_PATH } from "./reports-screen";

const card = "rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6";
const h2 = "font-display text-lg font-semibold text-ink-900";

function Fact({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium text-ink-700">{term}</dt>
      <dd className="min-w-0 break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** One report: where it was bought, the photo, the check it came from, the code's history and the notes. */
export function ReportScreen({ data }: { data: ReportScreenData }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const { report } = data;
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
        <section className={card} aria-labelledby="report-where">
          <h2 id="report-where" className={h2}>
            {t("reports.where")}
          </h2>
          <dl className="mt-2 divide-y divide-ink-900/10">
            <Fact term={t("reports.seller")} testId="report-seller">
              <bdi>{report.seller}</bdi>
            </Fact>
            <Fact term={t("reports.city")}>
              <bdi>{report.city}</bdi>
            </Fact>
            <Fact term={t("reports.country")}>{countryName(report.country, language)}</Fact>
            <Fact term={t("reports.purchasedOn")}>
              <bdi dir="ltr" className="ltr-token">
                {report.purchased_on}
              </bdi>
            </Fact>
            <Fact term={t("reports.contact")}>
              {report.contact ? (
                <bdi dir="ltr" className="ltr-token">
                  {report.contact}
                </bdi>
              ) : (
                t("reports.noContact")
              )}
            </Fact>
            <Fact term={t("reports.consent")}>
              {report.consent_at ? t("reports.consentGiven", { date: report.consent_at.slice(0, 10) }) : t("reports.consentNotGiven")}
            </Fact>
            <Fact term={t("reports.reported")}>
              <AdminTime iso={report.created_at} language={language} />
            </Fact>
            <Fact term={t("reports.language")}>
              <span className="uppercase">{report.lang}</span>
            </Fact>
          </dl>
        </section>
        <section className={card} aria-labelledby="report-photo">
          <h2 id="report-photo" className={h2}>
            {t("reports.photoTitle")}
          </h2>
          {report.has_photo ? (
            <a href={`${REPORTS_PATH}/${report.id}/photo`} className="mt-3 block focus-visible:outline-2 focus-visible:outline-accent-700">
              <img
                src={`${REPORTS_PATH}/${report.id}/photo`}
                alt={t("reports.photoAlt", { reference: report.reference })}
                className="max-h-96 w-full rounded-xl bg-sand-50 object-contain"
                data-testid="report-photo"
              />
            </a>
          ) : (
            <p className="mt-3 text-sm text-ink-700">{t("reports.noPhoto")}</p>
          )}
        </section>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="report-scan">
          <h2 id="report-scan" className={h2}>
            {t("reports.scanTitle")}
          </h2>
          <dl className="mt-2 divide-y divide-ink-900/10">
            <Fact term={t("scans.code")}>
              <ScanCode code={report.code} />
            </Fact>
            <Fact term={t("reports.outcome")}>
              <OutcomeBadge outcome={report.outcome} />
            </Fact>
            <Fact term={t("reports.checkedAt")}>
              <AdminTime iso={report.scanned_at} language={language} />
            </Fact>
            <Fact term={t("reports.product")}>{report.product ? (language === "ar" ? report.product.name_ar : report.product.name) : t("scans.none")}</Fact>
            <Fact term={t("reports.batch")}>
              {report.batch_id ? (
                <bdi dir="ltr" className="ltr-token font-mono text-xs">
                  {report.batch_id}
                </bdi>
              ) : (
                t("scans.none")
              )}
            </Fact>
            <Fact term={t("reports.scanCountry")}>{report.scan_country ? countryName(report.scan_country, language) : t("scans.none")}</Fact>
          </dl>
          {data.scanKept ? null : <p className="mt-3 text-sm text-ink-700">{t("reports.scanDeleted")}</p>}
        </section>
        <section className={card} aria-labelledby="report-change-title">
          <h2 id="report-change-title" className={h2}>
            {t("reports.changeTitle")}
          </h2>
          <div className="mt-4">
            <ReportStatusForm status={report.status} />
          </div>
        </section>
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

      <section className="mt-10" aria-labelledby="report-notes">
        <h2 id="report-notes" className="font-display text-xl font-semibold text-ink-900">
          {t("reports.notesTitle")}
        </h2>
        {data.notes.length === 0 ? (
          <p className="mt-3 text-ink-700">{t("reports.noNotes")}</p>
        ) : (
          <ol className="mt-4 grid gap-3" data-testid="report-notes">
            {data.notes.map((note) => (
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
    </>
  );
}
