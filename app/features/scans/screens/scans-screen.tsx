import { useTranslation } from "react-i18next";
import { counted } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { useListLoading } from "~/platform/ui/admin-hooks";
import { ListScreen } from "~/platform/ui/list-screen";
import { ScansTable } from "~/platform/ui/scans-table";
import { ScanFilters } from "./scan-filters";
import type { ScansScreenData } from "./scans-loader.server";

/** The scan log: its filters, the matching scans newest first (ten a page), and their CSV export. */
export function ScansScreen({ data }: { data: ScansScreenData }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const loading = useListLoading();
  const productNames = new Map(data.products.map((p) => [p.id, p.name]));

  return (
    <ListScreen
      title={t("scans.title")}
      description={t("scans.description")}
      toolbar={<ScanFilters data={data} />}
      page={data.page}
      totalPages={data.pagination.total_pages}
      totalLabel={t("scans.total", counted(data.pagination.total_count, language))}
    >
      <ScansTable
        scans={data.scans}
        caption={t("scans.caption")}
        loading={loading}
        empty={data.valid ? t("scans.empty") : t("filters.invalid")}
        productNames={productNames}
        runs={data.runs.byId}
      />
    </ListScreen>
  );
}
