import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import type { ProtectionDashboardData } from "~/composers/analytics/screens/dashboard-loader.server";
import { DashboardScreen } from "~/composers/analytics/screens/dashboard-screen";
import { formatNumber } from "~/platform/i18n/format";
import { PageMeta } from "~/platform/ui/page-meta";
import { useRootData } from "~/platform/ui/root-data";
import type { Overview } from "../overview.server";
import { DashboardCards } from "./pending";

/** The dashboard: the codes' and messages' counts with their links, then the brand protection figures. */
export function OverviewScreen({ overview, protection }: { overview: Overview; protection: ProtectionDashboardData }) {
  const { t } = useTranslation("admin");
  const language = useRootData()?.language ?? "en";
  const navigation = useNavigation();
  const location = useLocation();
  // Reloading this page's numbers (after an action or a revisit): the cards show their spinners.
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const values = reloading
    ? null
    : {
        contacts: formatNumber(overview.contacts.count, language),
        active: formatNumber(overview.codes.active, language),
        expired: formatNumber(overview.codes.expired, language),
      };
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-full text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700";
  return (
    <>
      <PageMeta title={t("dashboard.title")} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{t("dashboard.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t("dashboard.description")}</p>
      <div className="mt-8">
        <DashboardCards values={values} />
      </div>
      <div className="mt-6 flex flex-wrap gap-x-6">
        <Link to="/admin/dashboard/codes" className={link}>
          {t("dashboard.viewCodes")}
          <span aria-hidden="true" className="rtl:-scale-x-100">→</span>
        </Link>
        <Link to="/admin/dashboard/contacts" className={link}>
          {t("dashboard.viewContacts")}
          <span aria-hidden="true" className="rtl:-scale-x-100">→</span>
        </Link>
      </div>
      <DashboardScreen data={protection} language={language} />
    </>
  );
}
