import { useTranslation } from "react-i18next";
import { countryName } from "~/platform/i18n/countries";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminDate, AdminTime } from "~/platform/ui/admin-time";
import { Isolated } from "~/platform/ui/isolated";
import { OutcomeBadge } from "~/platform/ui/outcome-badge";
import { RunLink } from "~/platform/ui/run-link";
import { ScanCode } from "~/platform/ui/scan-code";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { isPackSerial } from "~/platform/codes/code-format";
import type { ReportScreenData } from "./reports-loader.server";
import { REPORTS_PATH } from "./reports-screen";

/** The cards of one report's screen: where it was bought, the photo, the check it came from. */

type ReportView = ReportScreenData["report"];

export const card = "rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6";
export const h2 = "font-display text-lg font-semibold text-ink-900";

function Fact({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium text-ink-700">{term}</dt>
      <dd className="min-w-0 break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** Where and when the product was bought, how to reach the shopper, and when they reported it. */
export function PurchaseCard({ report }: { report: ReportView }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  return (
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
          <AdminDate day={report.purchased_on} language={language} />
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
          {report.consent_at ? (
            <Isolated template={t("reports.consentGiven", { date: "\u0000" })} value={<AdminTime iso={report.consent_at} language={language} />} ltr={false} />
          ) : (
            t("reports.consentNotGiven")
          )}
        </Fact>
        <Fact term={t("reports.reported")}>
          <AdminTime iso={report.created_at} language={language} />
        </Fact>
        <Fact term={t("reports.language")}>
          <span className="uppercase">{report.lang}</span>
        </Fact>
      </dl>
    </section>
  );
}

/** The shopper's photo, linked to its full size, or a line saying there is none. */
export function PhotoCard({ report }: { report: ReportView }) {
  const { t } = useTranslation("protection");
  return (
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
  );
}

/** The check the report came from: the code, its outcome, when, the product, the print run, the country. */
export function ScanCard({ report, run, scanKept }: { report: ReportView; run: ReportScreenData["run"]; scanKept: boolean }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const runProduct = run ? getProduct(run.product_id) : undefined;
  return (
    <section className={card} aria-labelledby="report-scan">
      <h2 id="report-scan" className={h2}>
        {t("reports.scanTitle")}
      </h2>
      <dl className="mt-2 divide-y divide-ink-900/10">
        <Fact term={t("scans.code")}>
          <ScanCode code={report.code} grouped={isPackSerial(report.code)} />
        </Fact>
        <Fact term={t("reports.outcome")}>
          <OutcomeBadge outcome={report.outcome} />
        </Fact>
        <Fact term={t("reports.checkedAt")}>
          <AdminTime iso={report.scanned_at} language={language} />
        </Fact>
        <Fact term={t("reports.product")}>{report.product ? (language === "ar" ? report.product.name_ar : report.product.name) : t("scans.none")}</Fact>
        <Fact term={t("reports.batch")}>
          {run ? (
            <RunLink id={run.id} lot={run.lot} product={runProduct ? productName(runProduct, language) : null} />
          ) : report.batch_id ? (
            // A run deleted since: its id is all that is left.
            <bdi dir="ltr" className="ltr-token font-mono text-xs">
              {report.batch_id}
            </bdi>
          ) : (
            t("scans.none")
          )}
        </Fact>
        <Fact term={t("reports.scanCountry")}>{report.scan_country ? countryName(report.scan_country, language) : t("scans.none")}</Fact>
      </dl>
      {scanKept ? null : <p className="mt-3 text-sm text-ink-700">{t("reports.scanDeleted")}</p>}
    </section>
  );
}
