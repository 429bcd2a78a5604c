import { useTranslation } from "react-i18next";
import { useBrand, useLanguage } from "~/root-data";
import { AdminTable, AdminTableMessage, td, th } from "~/ui/admin-table";
import { AdminTime } from "~/ui/admin-time";
import type { CodeTab } from "../codes.server";
import { QrDownload } from "../qr-download";
import { DeleteControl, ExpireButton } from "./code-actions";
import { CodeText } from "./code-text";
import { ProductThumb } from "./product-thumb";
import type { CodeRow } from "./codes-loader.server";

function StatusBadge({ status }: { status: CodeRow["status"] }) {
  const { t } = useTranslation("admin");
  const tone = status === "active" ? "bg-accent-100 text-accent-800" : status === "revoked" ? "bg-red-100 text-red-800" : "bg-sand-200 text-ink-900";
  return <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}>{t(`codes.status.${status}`)}</span>;
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

function RowActions({ row, tab, page }: { row: CodeRow; tab: CodeTab; page: number }) {
  const language = useLanguage();
  const brand = useBrand();
  if (tab !== "active") return <DeleteControl row={row} page={page} />;
  return (
    <>
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
      <ExpireButton row={row} />
    </>
  );
}

/** One tab of codes: the Active tab's columns, or the Expired tab's (with when and why each ended). */
export function CodesTable({ rows, tab, page, loading }: { rows: CodeRow[]; tab: CodeTab; page: number; loading: boolean }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const active = tab === "active";
  const columns = active ? 5 : 6;
  return (
    <AdminTable caption={active ? t("codes.table.captionActive") : t("codes.table.captionExpired")} busy={loading}>
      <thead>
        <tr>
          <th scope="col" className={th}>{t("codes.table.product")}</th>
          <th scope="col" className={th}>{t("codes.table.code")}</th>
          <th scope="col" className={th}>{t("codes.table.created")}</th>
          {active ? null : <th scope="col" className={th}>{t("codes.table.ended")}</th>}
          <th scope="col" className={th}>{t("codes.table.status")}</th>
          <th scope="col" className={th}>{t("codes.table.actions")}</th>
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
                <CodeText code={row.code} />
              </td>
              <td className={`${td} text-ink-700`}>
                <AdminTime iso={row.created_at} language={language} />
              </td>
              {active ? null : <EndedCell row={row} />}
              <td className={td}>
                <StatusBadge status={row.status} />
              </td>
              <td className={td}>
                <div className="flex flex-wrap items-center gap-2">
                  <RowActions row={row} tab={tab} page={page} />
                </div>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}
