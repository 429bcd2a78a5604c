import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useNavigation } from "react-router";
import { ErrorContent } from "~/platform/ui/error-page";
import type { NavItem } from "~/platform/access/permissions";
import { LanguageToggle } from "~/platform/ui/language-toggle";
import { Logo } from "~/platform/ui/logo";
import { PageMeta } from "~/platform/ui/page-meta";
import { LogoutButton } from "./logout-button";
import { AdminNav } from "./nav";

/**
 * The admin's frame: skip link, header (mark, the menu of what this member's role may use, their
 * name, language, log out) and the main column. Shared by every admin page and by the refusal a page
 * shows to a role that may not open it.
 */
export function AdminFrame({ username, nav, hydrated, children }: { username: string; nav: readonly NavItem[]; hydrated?: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
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
            <Logo to="/admin/dashboard" className="[&>.logo-name]:hidden sm:[&>.logo-name]:inline" />
            <span className="hidden rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700 lg:inline">{t("brandArea")}</span>
          </div>
          <AdminNav items={nav} />
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            <Link to="/admin/dashboard/account" className="hidden text-sm text-ink-700 underline-offset-4 hover:underline lg:inline" data-testid="admin-username">
              <bdi dir="ltr">{username}</bdi>
            </Link>
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
        {children}
      </main>
    </div>
  );
}

/** A refusal drawn inside the admin's frame: its title, why, and the way back to the dashboard. */
function RefusalCard({ testId, title, children }: { testId: string; title: string; children: React.ReactNode }) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby={`${testId}-title`} data-testid={testId} className="mx-auto max-w-xl rounded-2xl border border-ink-900/10 bg-white p-8 text-center shadow-sm">
      <PageMeta title={title} noindex />
      <h1 id={`${testId}-title`} className="font-display text-2xl font-semibold text-ink-900">
        {title}
      </h1>
      {children}
      <Link to="/admin/dashboard" className="btn-primary mt-6 inline-flex">
        {t("forbidden.back")}
      </Link>
    </section>
  );
}

/** What a member sees where their role stops: a localized refusal (the page answers 403). */
export function Forbidden() {
  const { t } = useTranslation("admin");
  return (
    <RefusalCard testId="forbidden" title={t("forbidden.title")}>
      <p className="mt-3 text-ink-700">{t("forbidden.body")}</p>
    </RefusalCard>
  );
}

/** A page refused past a limit (429, decision 149): why, and the limit's localized message. */
function Limited({ message }: { message: string }) {
  const { t } = useTranslation("admin");
  return (
    <RefusalCard testId="rate-limited" title={t("limited.title")}>
      <p className="mt-3 text-ink-700">{t("limited.body")}</p>
      <p className="mt-2 text-ink-700">{message}</p>
    </RefusalCard>
  );
}

const limitMessage = (data: unknown) =>
  data && typeof data === "object" && "message" in data && typeof data.message === "string" ? data.message : null;

/** What an admin page shows for a thrown error: the refusal for a 403 or a 429, otherwise the generic error. */
export function AdminPageError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden />;
  const message = isRouteErrorResponse(error) && error.status === 429 ? limitMessage(error.data) : null;
  if (message) return <Limited message={message} />;
  return <ErrorContent error={error} />;
}
