import { useTranslation } from "react-i18next";
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/public-layout";
import { renderedOnly } from "~/platform/http/rendered-only.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { footerPicks } from "~/platform/i18n/resources";
import { ErrorContent } from "~/platform/ui/error-page";
import { FloatingContact } from "~/features/site/screens/floating-contact";
import { FraudNotice } from "~/features/site/screens/fraud-notice";
import { categories } from "~/platform/catalog/categories";
import { SiteFooter } from "~/features/site/screens/site-footer";
import { SiteHeader } from "~/features/site/screens/site-header";

/**
 * Every public page is painted before its scripts load (~/platform/http/paint-first.server.ts): a shopper on a
 * slow phone network sees the page first. A page below may say otherwise with its own handle.
 */
export const handle = { paintFirst: true };

/**
 * The footer is a static island (decision 141): its words reach the browser only with a client
 * render of it (after arriving from the admin area), never in a document's hydration data.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { footer: renderedOnly(context, "footer", routeBundles(context, footerPicks)) };
}

/** The footer's words never change without a new document (the language toggle loads one). */
export function shouldRevalidate() {
  return false;
}

/** The frame of every public page: skip link, fraud notice, fixed header, main, footer, contact button. */
function PublicShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  // Also read by the error boundary, which draws the frame again.
  const footer = useRouteLoaderData<typeof loader>("routes/public-layout")?.footer ?? null;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="skip-link"
      >
        {t("skipToContent")}
      </a>
      <FraudNotice />
      <SiteHeader />
      {/* pt-header keeps content clear of the fixed header (--spacing-header in app.css). */}
      <main id="main" tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter categories={categories} content={footer} />
      <FloatingContact />
    </div>
  );
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** Errors of public pages keep the site's frame: a thrown 404 shows the not-found page (status 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell>
      <ErrorContent error={error} />
    </PublicShell>
  );
}
