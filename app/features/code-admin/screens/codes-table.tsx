import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { useBrand, useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { actionsCell, AdminTable, AdminTableMessage, stickyEnd, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import type { CodeTab } from "../codes.server";
import { QrDownload } from "./qr-download";
import { ConfirmedCodeAction } from "./code-actions";
import { CodeText } from "./code-text";
import { ProductThumb } from "~/platform/ui/product-thumb";
import type { CodeRow, CodesScreenData } from "./codes-loader.server";

type Can = CodesScreenData["can"];

/** A code's status, or a two-part pack's state (sealed, verified, revoked). */
function StatusBadge({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  const { status, pack } = row;
  const tone = status === "active" ? "bg-accent-100 text-accent-800" : status === "revoked" || pack === "revoked" ? "bg-red-100 text-red-800" : "bg-sand-200 text-ink-900";
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`} data-testid="code-state">
      {pack ? t(`codes.packState.${pack}`) : t(`codes.status.${status}`)}
    </span>
  );
}

function ProductCell({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  return (
    <span className="flex items-center gap-3">
      <ProductThumb src={row.product?.image ?? null} />
      <span className="min-w-[10rem] max-w-[14rem] leading-snug">
        {row.product ? (language === "ar" ? row.product.name_ar : row.product.name) : t("codes.table.unknownProduct")}
      </span>
    </span>
  );
}

/** When and why a code stopped being active: an admin's Expire, a shopper's check, a bulk revoke. */
function EndedCell({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  return (
    <td className={`${td} text-ink-700`}>
      {row.ended.at ? <AdminTime iso={row.ended.at} language={language} /> : "—"}
      {row.ended.reason ? (
        <span className="mt-0.5 block text-xs text-ink-500" data-testid="ended-reason">
          {t(`codes.ended.${row.ended.reason}`)}
        </span>
      ) : null}
    </td>
  );
}

/** A code of a print run: its run and place in it, linked to the run's page. */
function RunOf({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  if (!row.batch_id) return null;
  return (
    <Link to={`/admin/dashboard/batches/${encodeURIComponent(row.batch_id)}`} className="mt-0.5 block text-xs text-accent-700 underline-offset-4 hover:underline" data-testid="code-run">
      <BidiText text={t("codes.filter.runOf", isolated({ lot: row.lot ?? "—", serial: row.serial ?? 0 }))} />
    </Link>
  );
}

function RowActions({ row, tab, can }: { row: CodeRow; tab: CodeTab; can: Can }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const brand = useBrand();
  // A run's codes stay with their run (revoke the run instead).
  if (tab !== "active" && row.batch_id) return (
      <span className="text-xs text-ink-500">
        <BidiText text={t("codes.filter.inBatch", isolated({ lot: row.lot ?? "—" }))} />
      </span>
    );
  if (tab !== "active") return can.write ? <ConfirmedCodeAction row={row} intent="delete" /> : null;
  return (
    <>
      {/* A pack's QR is its run's GS1 label (the run's downloads), never a verify link of its serial. */}
      {can.export && !row.pack ? (
        <QrDownload
          codeId={row.id}
          code={row.code}
          productSlugName={row.product?.name ?? "product"}
          productName={row.product ? (language === "ar" ? row.product.name_ar : row.product.name) : row.product_id}
          brandName={language === "ar" ? brand.nameAr : brand.name}
          brandFileName={brand.name}
          siteUrl={brand.siteUrl}
          direction={language === "ar" ? "rtl" : "ltr"}
        />
      ) : null}
      {can.write ? <ConfirmedCodeAction row={row} intent="expire" /> : null}
    </>
  );
}

/** One tab of codes: the Active tab's columns, or the Expired tab's (with when and why each ended). */
export function CodesTable({ rows, tab, loading, can }: { rows: CodeRow[]; tab: CodeTab; loading: boolean; can: Can }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const active = tab === "active";
  const actions = can.write || (active && can.export);
  const columns = (active ? 5 : 6) - (actions ? 0 : 1);
  return (
    <AdminTable caption={active ? t("codes.table.captionActive") : t("codes.table.captionExpired")} busy={loading}>
      <thead>
        <tr>
          <th scope="col" className={th}>{t("codes.table.product")}</th>
          <th scope="col" className={th}>{t("codes.table.code")}</th>
          <th scope="col" className={th}>{t("codes.table.created")}</th>
          {active ? null : <th scope="col" className={th}>{t("codes.table.ended")}</th>}
          <th scope="col" className={th}>{t("codes.table.status")}</th>
          {actions ? <th scope="col" className={`${th} ${stickyEnd}`}>{t("codes.table.actions")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <AdminTableMessage colSpan={columns} loading>
            {t("loading")}
          </AdminTableMessage>
        ) : rows.length === 0 ? (
          <AdminTableMessage colSpan={columns}>{active ? t("codes.empty.active") : t("codes.empty.expired")}</AdminTableMessage>
        ) : (
          rows.map((row) => (
            <tr key={row.id} data-testid="code-row" data-code={row.code} className="hover:bg-sand-50">
              <td className={td}>
                <ProductCell row={row} />
              </td>
              <td className={td}>
                <CodeText code={row.code} masked={row.masked} />
                <RunOf row={row} />
              </td>
              <td className={`${td} text-ink-700`}>
                <AdminTime iso={row.created_at} language={language} />
              </td>
              {active ? null : <EndedCell row={row} />}
              <td className={td}>
                <StatusBadge row={row} />
              </td>
              {actions ? (
                <td className={`${td} ${actionsCell}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <RowActions row={row} tab={tab} can={can} />
                  </div>
                </td>
              ) : null}
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}
