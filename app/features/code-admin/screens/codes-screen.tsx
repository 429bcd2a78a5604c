import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { counted, formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { PageMeta } from "~/platform/ui/page-meta";
import type { CodeTab } from "../codes.server";
import { NoScriptConfirm } from "./code-actions";
import { CodesFilter } from "./codes-filter";
import { CodesTable } from "./codes-table";
import { codesHref } from "./codes-url";
import { GenerateCard } from "./generate-card";
import type { CodesScreenData } from "./codes-loader.server";

function Stats({ counts }: { counts: CodesScreenData["counts"] }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  return (
    <section aria-labelledby="stats-title" className="h-fit rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="stats-title" className="font-display text-xl font-semibold text-ink-900">
        {t("codes.stats.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-1">
        <div className="rounded-xl bg-accent-50 p-4" data-testid="stat-active">
          <dt className="text-sm font-medium text-accent-800">{t("codes.stats.active")}</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums text-accent-800">{formatNumber(counts.active, language)}</dd>
        </div>
        <div className="rounded-xl bg-sand-100 p-4" data-testid="stat-expired">
          <dt className="text-sm font-medium text-ink-700">{t("codes.stats.expired")}</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums text-ink-900">{formatNumber(counts.expired, language)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Tabs({ tab, counts, filter }: { tab: CodeTab; counts: CodesScreenData["counts"]; filter: CodesScreenData["filter"] }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const tabs: { id: CodeTab; label: string; count: number }[] = [
    { id: "active", label: t("codes.tabs.active"), count: counts.active },
    { id: "expired", label: t("codes.tabs.expired"), count: counts.expired },
  ];
  return (
    <nav aria-label={t("codes.tabs.label")} className="mb-4 inline-flex rounded-full border border-ink-900/10 bg-white p-1 shadow-sm">
      {tabs.map((item) => {
        const current = item.id === tab;
        return (
          <Link
            key={item.id}
            to={codesHref(item.id, 1, filter)}
            aria-current={current ? "page" : undefined}
            preventScrollReset
            className={`inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 ${
              current ? "bg-accent-700 text-white" : "text-ink-700 hover:bg-sand-100"
            }`}
          >
            {item.label}
            <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${current ? "bg-white/20" : "bg-sand-100"}`}>{formatNumber(item.count, language)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** The codes screen: generate a code, the counts, and the Active and Expired tabs, paged. */
export function CodesScreen({ data }: { data: CodesScreenData }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const navigation = useNavigation();
  const location = useLocation();
  const { tab, page, filter, counts, pagination, codes, products, confirm, batches, can } = data;
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && !navigation.formMethod;

  return (
    <>
      <PageMeta title={t("codes.title")} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{t("codes.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t("codes.description")}</p>

      {can.write ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <GenerateCard products={products} />
          <Stats counts={counts} />
        </div>
      ) : (
        <div className="mt-8 max-w-md">
          <Stats counts={counts} />
        </div>
      )}

      <section id="codes-list" tabIndex={-1} aria-label={t("codes.tabs.label")} className="mt-10 focus:outline-none">
        <CodesFilter tab={tab} filter={filter} batches={batches} />
        <Tabs tab={tab} counts={counts} filter={filter} />
        {can.export ? null : (
          <p className="mb-4 max-w-2xl text-sm text-ink-700" data-testid="codes-masked-note">
            {t("codes.maskedNote")}
          </p>
        )}
        {confirm ? <NoScriptConfirm row={confirm} intent={tab === "active" ? "expire" : "delete"} /> : null}
        <CodesTable rows={codes} tab={tab} loading={loading} can={can} />
        <AdminPagination
          page={page}
          totalPages={pagination.total_pages}
          totalLabel={t("pagination.totalCodes", counted(pagination.total_count, language))}
          language={language}
        />
      </section>
    </>
  );
}
