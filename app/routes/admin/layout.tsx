import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
import { adminMiddleware, getAdmin } from "~/auth/guard.server";
import { routeBundles } from "~/i18n/i18n.server";
import { useBundles } from "~/i18n/use-bundles";
import { useSessionRecheck } from "~/auth/use-session-recheck";
import { LogoutButton } from "~/admin/logout-button";
import { AdminNav } from "~/admin/nav";
import { LanguageToggle } from "~/ui/language-toggle";
import { Logo } from "~/ui/logo";
import { AdminPending } from "~/admin/pending";
import { useHydrated } from "~/ui/admin-hooks";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { username: getAdmin(context).username, i18n: routeBundles(context, ["admin", "auth"]) };
}

// Nothing admin-only is cached or indexed.
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  useSessionRecheck();
  const hydrated = useHydrated();
  const { t } = useTranslation("admin");
  const location = useLocation();
  const navigation = useNavigation();
  // While the next admin page loads, show its skeleton (the dashboard's cards with their spinners).
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  const showPending = pendingPath !== null && pendingPath.startsWith("/admin/dashboard") && !pendingPath.endsWith(".svg");

  return (
    <div className="min-h-dvh bg-sand-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b border-ink-900/10 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-4 sm:px-6">
          <div className="flex shrink-0 items-center gap-2">
            {/* The public site's mark; the name shows from sm up, where there is room beside the menu. */}
            <Logo to="/admin/dashboard" className="[&>span]:hidden sm:[&>span]:inline" />
            <span className="hidden rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700 lg:inline">{t("brandArea")}</span>
          </div>
          <AdminNav />
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            <span className="hidden text-sm text-ink-700 lg:inline" data-testid="admin-username">
              {loaderData.username}
            </span>
            <LanguageToggle />
            <LogoutButton />
          </div>
        </div>
        {navigation.state !== "idle" ? (
          <div className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden" aria-hidden="true">
            <div className="h-full w-1/3 animate-pulse bg-accent-600" />
          </div>
        ) : null}
      </header>
      <main id="admin-main" tabIndex={-1} data-hydrated={hydrated || undefined} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 sm:py-10">
        {showPending ? <AdminPending pathname={pendingPath} /> : <Outlet />}
      </main>
    </div>
  );
}
