import { Outlet, useLocation, useNavigation } from "react-router";
import { ACCOUNT_PATH, adminMiddleware, currentAdmin } from "~/features/sessions/guard.server";
import { pendingStep } from "~/platform/access/identity";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { useSessionRecheck } from "~/features/sessions/use-session-recheck";
import { AdminFrame } from "~/composers/admin/screens/frame";
import { AdminPending } from "~/composers/admin/screens/pending";
import { navFor } from "~/platform/access/permissions";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { ErrorContent } from "~/platform/ui/error-page";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  // A member with a step pending (a new password, two-factor) may open only their account page.
  const nav = pendingStep(admin) ? navFor(admin.role).filter((item) => item.to === ACCOUNT_PATH) : navFor(admin.role);
  return { username: admin.username, role: admin.role, nav, i18n: routeBundles(context, ["admin", "auth", "batches", "team", "account", "audit", "keys"]) };
}

// Nothing admin-only is cached or indexed.
export { privateHeaders as headers } from "~/platform/http/private.server";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  useSessionRecheck();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  // While the next admin page loads, show its skeleton (the dashboard's cards with their spinners).
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  const showPending = pendingPath !== null && pendingPath.startsWith("/admin/dashboard") && !/\.[a-z]+$/.test(pendingPath);

  return (
    <AdminFrame username={loaderData.username} nav={loaderData.nav} hydrated={hydrated}>
      {showPending ? <AdminPending pathname={pendingPath} /> : <Outlet />}
    </AdminFrame>
  );
}

/** A failure of the frame itself (its loader): the root's error page, inside the admin's colours. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center">
      <ErrorContent error={error} />
    </main>
  );
}
