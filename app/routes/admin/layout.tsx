import { useTranslation } from "react-i18next";
import { Form, Outlet, useLocation, useNavigation } from "react-router";
import { adminMiddleware, getAdmin } from "~/auth/guard.server";
import { routeBundles } from "~/i18n/bundles.server";
import { useBundles } from "~/i18n/use-bundles";
import { useSessionRecheck } from "~/auth/use-session-recheck";
import { AdminNav } from "~/ui/admin-nav";
import { LanguageToggle } from "~/ui/language-toggle";
import { Logo } from "~/ui/logo";
import { AdminPending } from "~/ui/admin-pending";
import { useHydrated } from "~/ui/admin-hooks";
import { Spinner } from "~/ui/icons";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { username: getAdmin(context).username, i18n: routeBundles(context, ["admin", "auth"]) };
}

// Nothing admin-only is cached or indexed.
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

function LogoutButton() {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/admin/logout";
  return (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        disabled={pending}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 whitespace-nowrap rounded-full border border-ink-900/15 bg-white px-3 text-sm sm:px-4 font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60"
      >
        {pending ? (
          <Spinner />
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M12 14l4-4-4-4M16 10H8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
        <span className="sr-only sm:not-sr-only">{pending ? t("loggingOut") : t("logout")}</span>
      </button>
    </Form>
  );
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
      <main id="admin-main" data-hydrated={hydrated || undefined} className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {showPending ? <AdminPending pathname={pendingPath} /> : <Outlet />}
      </main>
    </div>
  );
}
