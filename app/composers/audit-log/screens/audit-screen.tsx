import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { useLanguage } from "~/platform/ui/root-data";
import { counted } from "~/platform/i18n/format";
import { AdminTime } from "~/platform/ui/admin-time";
import { BidiText } from "~/platform/ui/bidi-text";
import { Isolated } from "~/platform/ui/isolated";
import { ScreenHeader } from "~/platform/ui/screen-header";
import { isAuditAction } from "~/platform/audit/actions";
import { AuditFiltersCard } from "./audit-filters";
import type { AuditRow, AuditScreenData } from "./audit-loader.server";

const outcomeTone = { success: "bg-accent-100 text-accent-800", failure: "bg-amber-100 text-amber-900", refused: "bg-red-100 text-red-800" };

function ActionCell({ row }: { row: AuditRow }) {
  const { t } = useTranslation("audit");
  return (
    <td className={td}>
      {isAuditAction(row.action) ? t(`actions.${row.action}`) : row.action}
      <code dir="ltr" className="mt-0.5 block text-xs text-ink-500">{row.action}</code>
    </td>
  );
}

/** What the entry was about, named ("print run LOT-7 (Hydra Calm)") and linked while it exists; else its raw target. */
function TargetCell({ row }: { row: AuditRow }) {
  const label = row.target_label;
  if (!label) {
    return (
      <td className={td}>
        <bdi dir="ltr" className="break-all">{row.target ?? "—"}</bdi>
      </td>
    );
  }
  const text = <BidiText text={label.text} />;
  return (
    <td className={td} data-testid="audit-target">
      {label.href ? (
        <Link to={label.href} className="font-medium text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700">
          {text}
        </Link>
      ) : (
        text
      )}
    </td>
  );
}

/** The entry's facts (a refusal's reason, the step, the permission…) under its outcome, as recorded: left to right. */
function Facts({ facts }: { facts: AuditRow["facts"] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="mt-1.5 text-xs text-ink-700" data-testid="audit-facts">
      {facts.map(([key, value]) => (
        <div key={key} dir="ltr" className="font-mono [overflow-wrap:anywhere] [unicode-bidi:isolate] text-start">
          <dt className="inline text-ink-500">{key}: </dt>
          <dd className="inline">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/dashboard/audit (owner): the trail, newest first, filtered, ten a page, with its CSV export. */
export function AuditScreen({ data }: { data: AuditScreenData }) {
  const { t } = useTranslation("audit");
  const language = useLanguage();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")} />
      <div className="mt-8">
        <AuditFiltersCard filters={data.filters} result={data.result} />
      </div>
      <div className="mt-8">
        <AdminTable caption={t("table.caption")} minWidth="52rem" busy={loading}>
          <thead>
            <tr>
              <th scope="col" className={th}>{t("table.time")}</th>
              <th scope="col" className={th}>{t("table.actor")}</th>
              <th scope="col" className={th}>{t("table.action")}</th>
              <th scope="col" className={th}>{t("table.target")}</th>
              <th scope="col" className={th}>{t("table.outcomeAndDetails")}</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.length === 0 ? <AdminTableMessage colSpan={5}>{t("empty")}</AdminTableMessage> : null}
            {data.entries.map((row) => (
              <tr key={row.id} data-testid="audit-row" data-action={row.action} data-actor={row.actor}>
                <td className={`${td} text-ink-700`}>
                  <AdminTime iso={row.created_at} language={language} />
                </td>
                <td className={`${td} font-medium`}>
                  {row.actor_id === null && row.actor === "system" ? t("table.system") : <bdi dir="ltr">{row.actor}</bdi>}
                  {row.api_key ? (
                    <span className="mt-0.5 block text-xs font-normal text-ink-500" data-testid="audit-key">
                      <Isolated template={t("table.viaKey", { prefix: "\u0000" })} value={`${row.api_key}…`} className="font-mono" />
                    </span>
                  ) : null}
                </td>
                <ActionCell row={row} />
                <TargetCell row={row} />
                <td className={td}>
                  <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${outcomeTone[row.outcome]}`}>{t(`outcome.${row.outcome}`)}</span>
                  <Facts facts={row.facts} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <AdminPagination
          page={data.page}
          totalPages={data.pagination.total_pages}
          totalLabel={t("total", counted(data.pagination.total_count, language))}
          language={language}
        />
      </div>
    </>
  );
}
