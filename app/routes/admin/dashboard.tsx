import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { getAdmin } from "~/features/sessions/guard.server";
import { useRootData } from "~/platform/ui/root-data";
import { dashboardOverview } from "~/composers/admin/overview.server";
import { DashboardCards } from "~/composers/admin/screens/pending";
import { formatNumber } from "~/platform/i18n/format";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadProtectionDashboard } from "~/composers/analytics/screens/dashboard-loader.server";
import { DashboardScreen } from "~/composers/analytics/screens/dashboard-screen";
import { privateHeaders, screenData } from "~/platform/http/private.server";
import { PageMeta } from "~/platform/ui/page-meta";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  getAdmin(context);
  const [overview, protection] = await Promise.all([dashboardOverview(), loadProtectionDashboard()]);
  return screenData(context, { ...overview, protection });
}

export const headers = privateHeaders;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("admin");
  const language = useRootData()?.language ?? "en";
  const navigation = useNavigation();
  const location = useLocation();
  // Reloading this page's numbers (after an action or a revisit): the cards show their spinners.
  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const values = reloading
    ? null
    : {
        contacts: formatNumber(loaderData.contacts.count, language),
        active: formatNumber(loaderData.codes.active, language),
        expired: formatNumber(loaderData.codes.expired, language),
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
      <DashboardScreen data={loaderData.protection} language={language} />
    </>
  );
}
