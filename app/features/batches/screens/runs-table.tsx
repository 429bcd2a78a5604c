import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { formatNumber } from "~/platform/i18n/format";
import { ProductThumb } from "~/platform/ui/product-thumb";
import { AdminTime } from "~/platform/ui/admin-time";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { batchHref } from "./batches-url";
import type { BatchRow } from "./batches-loader.server";
import { LotText, RecalledBadge, RunStatus } from "./status-badge";

function RunRow({ run }: { run: BatchRow }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const number = (n: number) => formatNumber(n, language);
  return (
    <tr data-testid="run-row" data-lot={run.lot} className="hover:bg-sand-50">
      <td className={td}>
        <span className="flex items-center gap-3">
          <ProductThumb src={run.product?.image ?? null} />
          <span className="min-w-[9rem] max-w-[14rem] leading-snug">{run.product ? (language === "ar" ? run.product.name_ar : run.product.name) : run.product_id}</span>
        </span>
      </td>
      <td className={td}>
        <Link to={batchHref(run.id)} aria-label={t("table.open", { lot: run.lot })} className="text-accent-700 underline-offset-4 hover:underline">
          <LotText lot={run.lot} />
        </Link>
      </td>
      <td className={`${td} tabular-nums`}>{number(run.quantity)}</td>
      <td className={td} data-testid="run-label" data-label={run.label}>
        {t(`create.labelKinds.${run.label}`)}
      </td>
      <td className={`${td} tabular-nums`} data-testid="run-used">{number(run.counts.used)}</td>
      <td className={`${td} tabular-nums`} data-testid="run-active">{number(run.counts.active)}</td>
      <td className={`${td} text-ink-700`}>
        <AdminTime iso={run.created_at} language={language} />
      </td>
      <td className={td}>
        <span className="inline-flex flex-wrap gap-1">
          <RunStatus status={run.status} />
          {run.recall ? <RecalledBadge /> : null}
        </span>
      </td>
    </tr>
  );
}

/** The runs of one page: product, lot, quantity, kind of label, used and active codes, when, and state. */
export function RunsTable({ runs }: { runs: BatchRow[] }) {
  const { t } = useTranslation("batches");
  const columns = ["product", "lot", "quantity", "label", "used", "active", "created", "status"] as const;
  return (
    <AdminTable caption={t("table.caption")}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className={th}>
              {t(`table.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {runs.length === 0 ? (
          <AdminTableMessage colSpan={columns.length}>{t("empty")}</AdminTableMessage>
        ) : (
          runs.map((run) => <RunRow key={run.id} run={run} />)
        )}
      </tbody>
    </AdminTable>
  );
}
