import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { counted, formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { useListLoading } from "~/platform/ui/admin-hooks";
import { actionsCell, td } from "~/platform/ui/admin-table";
import { AdminTimeCell } from "~/platform/ui/admin-time";
import { DataTable } from "~/platform/ui/data-table";
import { ListScreen } from "~/platform/ui/list-screen";
import { StatusTabs } from "~/platform/ui/status-tabs";
import { AlertAbout } from "./alert-about";
import { AlertActions } from "./alert-actions";
import { AlertStatusBadge, KindBadge } from "./alert-badges";
import type { AlertsScreenData } from "./alerts-loader.server";

export const ALERTS_PATH = "/admin/dashboard/alerts";

/** The alerts screen: status tabs, the alerts most recently active first, and their actions. */
export function AlertsScreen({ data }: { data: AlertsScreenData }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const loading = useListLoading();
  const tabs = [
    { id: "all", label: t("alerts.all") },
    { id: "open", label: t("alerts.statuses.open") },
    { id: "acknowledged", label: t("alerts.statuses.acknowledged") },
    { id: "closed", label: t("alerts.statuses.closed") },
  ];

  return (
    <ListScreen
      title={t("alerts.title")}
      description={t("alerts.description")}
      toolbar={<StatusTabs path={ALERTS_PATH} current={data.tab} tabs={tabs} label={t("alerts.tabsLabel")} />}
      page={data.page}
      totalPages={data.pagination.total_pages}
      totalLabel={t("alerts.total", counted(data.pagination.total_count, language))}
    >
      <DataTable
        caption={t("alerts.caption")}
        headings={[t("alerts.kind"), t("alerts.about"), t("alerts.status"), t("alerts.scans"), t("alerts.raised"), t("alerts.updated"), t("alerts.actions")]}
        rows={data.alerts}
        loading={loading}
        empty={t("alerts.empty")}
        minWidth="56rem"
        actionsLast
        renderRow={(alert) => (
          <tr key={alert.id} data-testid="alert-row" data-kind={alert.kind} data-code={alert.code ?? ""} className="hover:bg-sand-50">
            <td className={td}>
              <KindBadge kind={alert.kind} />
            </td>
            <td className={td}>
              <AlertAbout alert={alert} />
            </td>
            <td className={td}>
              <AlertStatusBadge status={alert.status} />
            </td>
            <td className={`${td} tabular-nums`} data-testid="alert-scans">
              {formatNumber(alert.scans_count, language)}
            </td>
            <AdminTimeCell iso={alert.created_at} language={language} className={`${td} text-ink-700`} />
            <AdminTimeCell iso={alert.updated_at} language={language} className={`${td} text-ink-700`} />
            <td className={`${td} ${actionsCell}`}>
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`${ALERTS_PATH}/${alert.id}`}
                  className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700"
                >
                  {t("alerts.view")}
                  <span className="sr-only">, {t(`alerts.kinds.${alert.kind}`)}</span>
                </Link>
                <AlertActions alert={alert} />
              </div>
            </td>
          </tr>
        )}
      />
    </ListScreen>
  );
}
