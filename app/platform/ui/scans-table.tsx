import { useTranslation } from "react-i18next";
import { useLanguage } from "~/platform/ui/root-data";
import { td } from "./admin-table";
import { AdminTime } from "./admin-time";
import { DataTable } from "./data-table";
import { countryName } from "~/platform/i18n/countries";
import { OutcomeBadge, type Outcome } from "./outcome-badge";
import { RunLink } from "./run-link";
import { ScanCode } from "./scan-code";

type ScanLine = {
  id: string;
  created_at: string;
  kind: "check" | "view" | "tap";
  outcome: Outcome;
  code: string;
  /** The pack's serial a view or a redemption named (shown as printed), or the UID a tap named. */
  serial?: string | null;
  product_id?: string | null;
  batch_id?: string | null;
  country: string | null;
  lang: string;
};

/**
 * Scans as a table: time, kind (a check, a view of a pack's page, a tap of an NFC tag), outcome, code, (product and
 * print run,) country, language. The scan log shows every column; an alert's scans and a code's
 * history leave out what they share.
 */
export function ScansTable({
  scans,
  caption,
  empty,
  loading = false,
  productNames,
  runs = {},
}: {
  scans: readonly ScanLine[];
  caption: string;
  empty?: string;
  loading?: boolean;
  /** Product names by id: shows the product and print-run columns. */
  productNames?: ReadonlyMap<string, string>;
  /** Print runs by id: the run column shows the lot, linked to the run's page. */
  runs?: Readonly<Record<string, { lot: string }>>;
}) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  const none = t("scans.none");
  const wide = Boolean(productNames);
  const headings = [t("scans.time"), t("scans.kind"), t("scans.outcome"), t("scans.code"), ...(wide ? [t("scans.product"), t("scans.batch")] : []), t("scans.country"), t("scans.language")];
  return (
    <DataTable
      caption={caption}
      headings={headings}
      rows={scans}
      loading={loading}
      empty={empty ?? t("scans.empty")}
      minWidth={wide ? "58rem" : "42rem"}
      renderRow={(scan) => (
        <tr key={scan.id} data-testid="scan-row" data-outcome={scan.outcome} data-kind={scan.kind} className="hover:bg-sand-50">
          <td className={`${td} text-ink-700`}>
            <AdminTime iso={scan.created_at} language={language} />
          </td>
          <td className={td} data-testid="scan-kind">
            {t(`kinds.${scan.kind}`)}
          </td>
          <td className={td}>
            <OutcomeBadge outcome={scan.outcome} />
          </td>
          <td className={td}>
            <ScanCode code={scan.serial ?? scan.code} grouped={Boolean(scan.serial) && scan.kind !== "tap"} />
          </td>
          {wide ? (
            <>
              <td className={td}>{scan.product_id ? (productNames!.get(scan.product_id) ?? scan.product_id) : none}</td>
              <td className={td}>
                {scan.batch_id ? (
                  <RunLink id={scan.batch_id} lot={runs[scan.batch_id]?.lot ?? scan.batch_id} testId="scan-run" />
                ) : (
                  none
                )}
              </td>
            </>
          ) : null}
          <td className={td} data-testid="scan-country">
            {scan.country ? countryName(scan.country, language) : none}
          </td>
          <td className={`${td} uppercase text-ink-700`}>{scan.lang}</td>
        </tr>
      )}
    />
  );
}
