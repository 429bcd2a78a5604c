import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { counted } from "~/platform/i18n/format";
import { countryName } from "~/platform/i18n/countries";
import type { Language } from "~/platform/i18n/languages";
import { OutcomeBadge } from "~/platform/ui/outcome-badge";
import { ScanCode } from "~/platform/ui/scan-code";
import { ListScreen } from "~/platform/ui/list-screen";
import { CountryOptions } from "~/platform/ui/country-options";
import { StatusTabs } from "~/platform/ui/status-tabs";
import { useLanguage } from "~/platform/ui/root-data";
import { useListLoading } from "~/platform/ui/admin-hooks";
import { actionsCell, td } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import { DataTable } from "~/platform/ui/data-table";
import { Reference } from "./report-reference";
import { ReportStatusBadge } from "./report-status-badge";
import type { ReportsScreenData } from "./reports-loader.server";
import { isPackSerial } from "~/platform/codes/code-format";

export const REPORTS_PATH = "/admin/dashboard/reports";

/** Counterfeit reports: status tabs, a country filter, newest first, ten a page. */
export function ReportsScreen({ data }: { data: ReportsScreenData }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const loading = useListLoading();
  return (
    <ListScreen
      title={t("reports.title")}
      description={t("reports.description")}
      toolbar={<ReportsToolbar data={data} />}
      page={data.page}
      totalPages={data.pagination.total_pages}
      totalLabel={t("reports.total", counted(data.pagination.total_count, language))}
    >
      <DataTable
        actionsLast
        caption={t("reports.caption")}
        headings={[t("reports.reference"), t("reports.reported"), t("reports.where"), t("reports.code"), t("reports.photo"), t("reports.status"), { srOnly: t("reports.view") }]}
        rows={data.reports}
        loading={loading}
        empty={t("reports.empty")}
        minWidth="56rem"
        renderRow={(report) => <ReportRow key={report.id} report={report} language={language} />}
      />
    </ListScreen>
  );
}

/** The status tabs and the country filter (a GET form). */
function ReportsToolbar({ data }: { data: ReportsScreenData }) {
  const { t } = useTranslation("protection");
  const tabs = [
    { id: "all", label: t("reports.all") },
    { id: "new", label: t("reports.statuses.new") },
    { id: "investigating", label: t("reports.statuses.investigating") },
    { id: "closed", label: t("reports.statuses.closed") },
  ];
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <StatusTabs path={REPORTS_PATH} current={data.tab} tabs={tabs} label={t("reports.tabsLabel")} />
      <Form method="get" action={REPORTS_PATH} className="mb-4 flex flex-wrap items-end gap-2">
        {data.tab !== "all" ? <input type="hidden" name="status" value={data.tab} /> : null}
        <div>
          <label htmlFor="report-country" className="block text-sm font-semibold text-ink-900">
            {t("reports.country")}
          </label>
          <select id="report-country" name="country" defaultValue={data.country} className="field-input mt-1">
            <CountryOptions countries={data.countries} first={t("filters.anyCountry")} />
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("filters.apply")}
        </button>
      </Form>
    </div>
  );
}

/** One report: reference, when, where it was bought, the code checked, photo, status and a link to it. */
function ReportRow({ report, language }: { report: ReportsScreenData["reports"][number]; language: Language }) {
  const { t } = useTranslation("protection");
  return (
    <tr data-testid="report-row" data-reference={report.reference} className="hover:bg-sand-50">
      <td className={td}>
        <Reference value={report.reference} />
      </td>
      <td className={`${td} text-ink-700`}>
        <AdminTime iso={report.created_at} language={language} />
      </td>
      <td className={td}>
        <bdi className="block max-w-[14rem] break-words font-medium">{report.seller}</bdi>
        <span className="block text-xs text-ink-700">
          <bdi>{report.city}</bdi>, {countryName(report.country, language)}
        </span>
      </td>
      <td className={td}>
        <ScanCode code={report.code} grouped={isPackSerial(report.code)} />
        <span className="mt-1 block">
          <OutcomeBadge outcome={report.outcome} />
        </span>
      </td>
      <td className={td}>{report.has_photo ? t("reports.hasPhoto") : t("reports.noPhotoShort")}</td>
      <td className={td}>
        <ReportStatusBadge status={report.status} />
      </td>
      <td className={`${td} ${actionsCell}`}>
        <Link
          to={`${REPORTS_PATH}/${report.id}`}
          aria-label={t("reports.viewLabel", { reference: report.reference })}
          className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700"
        >
          {t("reports.view")}
        </Link>
      </td>
    </tr>
  );
}
