import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { counted, formatNumber, numberFormat } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { countryName } from "~/platform/i18n/countries";
import { ChecksChart } from "./checks-chart";
import { DASHBOARD_DAYS } from "./chart";
import type { ProtectionDashboardData } from "./dashboard-loader.server";

const card = "rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6";
const heading = "font-display text-lg font-semibold text-ink-900";
const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700";

const percent = (share: number | null, language: Language) =>
  share === null ? "—" : numberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(share);

function Arrow() {
  return (
    <span aria-hidden="true" className="rtl:-scale-x-100">
      →
    </span>
  );
}

/** A short ranked list (name and a number), or "Nothing yet". */
function Ranking({ title, items, testId }: { title: string; items: { key: string; name: React.ReactNode; value: string }[]; testId: string }) {
  const { t } = useTranslation("protection");
  return (
    <section className={card} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h3 id={`${testId}-title`} className={heading}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-ink-700">{t("dashboard.nothingYet")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-ink-900/10">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              {/* A long name or count goes to its own line rather than past the card's edge. */}
              <span className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{item.name}</span>
              <span className="max-w-full tabular-nums text-ink-700">{item.value}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type Overview = ProtectionDashboardData["overview"];

/** The dashboard's brand-protection part: the chart, the shares, the rankings, open alerts and new reports. */
export function DashboardScreen({ data, language }: { data: ProtectionDashboardData; language: Language }) {
  const { t } = useTranslation("protection");
  const { overview, alerts, newReports, recalledRuns } = data;

  return (
    <section aria-labelledby="protection-title" className="mt-12" data-testid="protection-dashboard">
      <h2 id="protection-title" className="font-display text-2xl font-semibold text-ink-900">
        {t("dashboard.analyticsTitle", counted(DASHBOARD_DAYS, language))}
      </h2>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ChecksChart days={overview.days} language={language} />
        <div className="grid content-start gap-4">
          <ShareCard totals={overview.totals} language={language} />
          <KindCard kind="view" count={overview.totals.views} language={language} />
          <KindCard kind="tap" count={overview.totals.taps} language={language} />
          <RecallsCard runs={recalledRuns} checks={overview.totals.recalled} language={language} />
          <AlertAndReportCards alerts={alerts} newReports={newReports} language={language} />
        </div>
      </div>
      <Rankings overview={overview} runProducts={data.runProducts} language={language} />
      <DashboardLinks />
      <GeoAttribution />
    </section>
  );
}

/** The number of checks and the genuine and counterfeit shares, as bars. */
function ShareCard({ totals, language }: { totals: Overview["totals"]; language: Language }) {
  const { t } = useTranslation("protection");
  const n = (value: number) => formatNumber(value, language);
  const shares = [
    { key: "genuine", label: t("dashboard.genuineShare"), share: totals.genuine_share, tone: "bg-accent-600" },
    { key: "counterfeit", label: t("dashboard.counterfeitShare"), share: totals.counterfeit_share, tone: "bg-red-700" },
  ];
  return (
    <section className={card} aria-labelledby="share-title" data-testid="share-card">
      <h3 id="share-title" className={heading}>
        {t("dashboard.checks")}: <span className="tabular-nums">{n(totals.checks)}</span>
      </h3>
      {totals.checks === 0 ? <p className="mt-2 text-sm text-ink-700">{t("dashboard.noShare")}</p> : null}
      <dl className="mt-3 grid gap-3">
        {shares.map((s) => (
          <div key={s.key} data-testid={`share-${s.key}`}>
            <dt className="flex justify-between text-sm font-medium text-ink-900">
              {s.label}
              <span className="tabular-nums">{percent(s.share, language)}</span>
            </dt>
            <dd className="mt-1 h-2 overflow-hidden rounded-full bg-sand-100">
              <span className={`block h-full ${s.tone}`} style={{ width: `${Math.round((s.share ?? 0) * 100)}%` }} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Runs under recall now, and checks of recalled packs in the chart's days (decision 153); the card opens the scan log on them. */
function RecallsCard({ runs, checks, language }: { runs: number; checks: number; language: Language }) {
  const { t } = useTranslation("protection");
  const n = (value: number) => formatNumber(value, language);
  return (
    <Link to="/admin/dashboard/scans?outcome=recalled" className={`${card} block hover:bg-sand-50`} data-testid="card-recalls">
      <span className="text-sm font-medium text-ink-700">{t("dashboard.recalls")}</span>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-ink-900">
        <dt>{t("dashboard.recalledRuns")}</dt>
        <dd className="text-end text-2xl font-semibold tabular-nums" data-testid="recalled-runs">
          {n(runs)}
        </dd>
        <dt>{t("dashboard.recalledChecks")}</dt>
        <dd className="text-end text-2xl font-semibold tabular-nums" data-testid="recalled-checks">
          {n(checks)}
        </dd>
      </dl>
    </Link>
  );
}

/** Views of two-part packs' pages (apart from checks), or taps of NFC tags; the card opens the scan log on them. */
function KindCard({ kind, count, language }: { kind: "view" | "tap"; count: number; language: Language }) {
  const { t } = useTranslation("protection");
  const words = kind === "view" ? { title: t("dashboard.views"), hint: t("dashboard.viewsHint") } : { title: t("dashboard.taps"), hint: t("dashboard.tapsHint") };
  return (
    <Link to={`/admin/dashboard/scans?kind=${kind}`} className={`${card} block hover:bg-sand-50`} data-testid={`card-${kind}s`}>
      <span className="text-sm font-medium text-ink-700">{words.title}</span>
      <span className="mt-2 block text-4xl font-semibold tabular-nums text-ink-900">{formatNumber(count, language)}</span>
      <span className="mt-1 block text-sm text-ink-700">{words.hint}</span>
    </Link>
  );
}

/** The open alerts and the new reports, each a card that opens its list. */
function AlertAndReportCards({ alerts, newReports, language }: { alerts: ProtectionDashboardData["alerts"]; newReports: ProtectionDashboardData["newReports"]; language: Language }) {
  const { t } = useTranslation("protection");
  const n = (value: number) => formatNumber(value, language);
  return (
    <>
      <Link to="/admin/dashboard/alerts?status=open" className={`${card} block hover:bg-sand-50`} data-testid="card-open-alerts">
        <span className="text-sm font-medium text-ink-700">{t("dashboard.openAlerts")}</span>
        <span className="mt-2 block text-4xl font-semibold tabular-nums text-red-800">{n(alerts.open)}</span>
        <span className="mt-1 block text-sm text-ink-700">{t("dashboard.acknowledgedAlerts", counted(alerts.acknowledged, language))}</span>
      </Link>
      <Link to="/admin/dashboard/reports?status=new" className={`${card} block hover:bg-sand-50`} data-testid="card-new-reports">
        <span className="text-sm font-medium text-ink-700">{t("dashboard.newReports")}</span>
        <span className="mt-2 block text-4xl font-semibold tabular-nums text-ink-900">{n(newReports)}</span>
      </Link>
    </>
  );
}

/** The products, print runs and countries with the most counterfeit checks. */
function Rankings({ overview, runProducts, language }: { overview: Overview; runProducts: ProtectionDashboardData["runProducts"]; language: Language }) {
  const { t } = useTranslation("protection");
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <Ranking
        title={t("dashboard.topProducts")}
        testId="top-products"
        items={overview.top_products.map((p) => ({
          key: p.product_id,
          name: (language === "ar" ? p.name_ar : p.name) ?? t("dashboard.unknownProduct"),
          value: t("dashboard.counterfeitCount", counted(p.counterfeit, language)),
        }))}
      />
      <Ranking
        title={t("dashboard.topBatches")}
        testId="top-batches"
        items={overview.top_batches.map((b) => ({
          key: b.batch_id,
          name: (
            <>
              <Link to={`/admin/dashboard/batches/${b.batch_id}`} className="font-semibold text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700" data-testid="top-batch-link">
                <bdi dir="ltr" className="ltr-token inline-block max-w-full font-mono text-xs [overflow-wrap:anywhere]">
                  {b.lot ?? t("dashboard.unknownRun")}
                </bdi>
              </Link>
              {b.product_id && runProducts[b.product_id] ? <span className="block text-xs text-ink-700">{runProducts[b.product_id]![language]}</span> : null}
            </>
          ),
          value: t("dashboard.counterfeitCount", counted(b.counterfeit, language)),
        }))}
      />
      <Ranking
        title={t("dashboard.countries")}
        testId="top-countries"
        items={overview.countries.map((c) => ({
          key: c.country ?? "none",
          name: c.country ? countryName(c.country, language) : t("dashboard.unknownCountry"),
          value: t("dashboard.countryChecks", { checks: n(c.checks), counterfeit: n(c.counterfeit) }),
        }))}
      />
    </div>
  );
}

/** Links to the scan log, the alerts and the reports. */
function DashboardLinks() {
  const { t } = useTranslation("protection");
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-6">
      <Link to="/admin/dashboard/scans" className={linkClass}>
        {t("dashboard.viewScans")}
        <Arrow />
      </Link>
      <Link to="/admin/dashboard/alerts" className={linkClass}>
        {t("dashboard.viewAlerts")}
        <Arrow />
      </Link>
      <Link to="/admin/dashboard/reports" className={linkClass}>
        {t("dashboard.viewReports")}
        <Arrow />
      </Link>
    </div>
  );
}

/** The country database's licence asks for this link wherever its results are shown. */
export function GeoAttribution() {
  const { t } = useTranslation("protection");
  const [before, after] = t("dashboard.geoAttribution", { source: "\u0000" }).split("\u0000");
  return (
    <p className="mt-4 text-xs text-ink-500">
      {before}
      <a href="https://db-ip.com" className="underline underline-offset-2 hover:text-ink-900" rel="noopener" dir="ltr">
        {t("dashboard.geoSource")}
      </a>
      {after}
    </p>
  );
}
