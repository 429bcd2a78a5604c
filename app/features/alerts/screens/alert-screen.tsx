import { useTranslation } from "react-i18next";
import { counted, formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { AdminTime } from "~/platform/ui/admin-time";
import { DetailHeader } from "~/platform/ui/detail-header";
import { RunLink } from "~/platform/ui/run-link";
import { ScansTable } from "~/platform/ui/scans-table";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { AlertAbout, alertReasons } from "./alert-about";
import { AlertActions } from "./alert-actions";
import { AlertStatusBadge, KindBadge } from "./alert-badges";
import type { AlertScreenData } from "./alerts-loader.server";
import { ALERTS_PATH } from "./alerts-screen";

const card = "rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6";

/** One alert: what it is about, why it was raised, who moved it along, and the scans it lists. */
export function AlertScreen({ data }: { data: AlertScreenData }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const { alert } = data;
  const reasons = alertReasons(alert, t, language);
  const runProduct = data.run ? getProduct(data.run.product_id) : undefined;
  const title = `${t("alerts.detailTitle")}: ${t(`alerts.kinds.${alert.kind}`)}`;

  return (
    <>
      <DetailHeader title={title} back={ALERTS_PATH} backLabel={t("alerts.back")} badge={<AlertStatusBadge status={alert.status} />} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="alert-why">
          <h2 id="alert-why" className="font-display text-lg font-semibold text-ink-900">
            {t("alerts.why")}
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <KindBadge kind={alert.kind} />
            <AlertAbout alert={alert} />
          </div>
          {data.run ? (
            <p className="mt-3 text-sm text-ink-700" data-testid="alert-run">
              {t("alerts.run")}: <RunLink id={data.run.id} lot={data.run.lot} product={runProduct ? productName(runProduct, language) : null} />
            </p>
          ) : null}
          <ul className="mt-4 list-disc space-y-1 ps-5 text-ink-900" data-testid="alert-reasons">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {alert.detail?.kind === "clone" && alert.detail.first_verified_at ? (
            <p className="mt-3 text-sm text-ink-700">
              {t("alerts.firstVerified")}: <AdminTime iso={alert.detail.first_verified_at} language={language} />
            </p>
          ) : null}
        </section>
        <section className={card} aria-labelledby="alert-history">
          <h2 id="alert-history" className="font-display text-lg font-semibold text-ink-900">
            {t("alerts.history")}
          </h2>
          <dl className="mt-3 grid gap-2 text-sm">
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-ink-700">{t("alerts.raisedAt")}:</dt>
              <dd>
                <AdminTime iso={alert.created_at} language={language} />
              </dd>
            </div>
            {alert.acknowledged_at ? (
              <div className="flex flex-wrap gap-x-2" data-testid="alert-acknowledged">
                <dt className="font-medium text-ink-700">{t("alerts.acknowledgedBy", { name: alert.acknowledged_by ?? "" })}:</dt>
                <dd>
                  <AdminTime iso={alert.acknowledged_at} language={language} />
                </dd>
              </div>
            ) : null}
            {alert.closed_at ? (
              <div className="flex flex-wrap gap-x-2" data-testid="alert-closed">
                <dt className="font-medium text-ink-700">{t("alerts.closedBy", { name: alert.closed_by ?? "" })}:</dt>
                <dd>
                  <AdminTime iso={alert.closed_at} language={language} />
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-4">
            <AlertActions alert={alert} />
          </div>
        </section>
      </div>
      <section className="mt-10" aria-labelledby="alert-scans">
        <h2 id="alert-scans" className="font-display text-xl font-semibold text-ink-900">
          {t("alerts.scansTitle")} <span className="text-base font-normal text-ink-700">({formatNumber(alert.scans_count, language)})</span>
        </h2>
        <div className="mt-4">
          <ScansTable scans={data.scans} caption={t("alerts.scansTitle")} />
          <AdminPagination
            page={data.page}
            totalPages={data.pagination.total_pages}
            totalLabel={t("scans.total", counted(data.pagination.total_count, language))}
            language={language}
          />
        </div>
      </section>
    </>
  );
}
