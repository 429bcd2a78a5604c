import { useTranslation } from "react-i18next";
import { counted } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { PageMeta } from "~/platform/ui/page-meta";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import type { BatchesScreenData } from "./batches-loader.server";
import { NewRunForm } from "./new-run-form";
import { RunsTable } from "./runs-table";

/** /admin/dashboard/batches: a new print run, and the runs, newest first, paged in the URL. */
export function BatchesScreen({ data }: { data: BatchesScreenData }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const { total_pages: totalPages, total_count: totalCount } = data.pagination;
  return (
    <>
      <PageMeta title={t("title")} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{t("title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t("description")}</p>
      {data.can.write ? (
        <div className="mt-8">
          <NewRunForm products={data.products} />
        </div>
      ) : null}
      {/* The table's own region (AdminTable) is the landmark, named by its caption: no second one around it. */}
      <div className="mt-10">
        <RunsTable runs={data.batches} />
        <AdminPagination page={data.page} totalPages={totalPages} totalLabel={t("total", counted(totalCount, language))} language={language} />
      </div>
    </>
  );
}
