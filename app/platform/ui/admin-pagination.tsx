import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { formatNumber } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";

/** The URL of another page of the current list, keeping every other query parameter. */
export function usePageHref() {
  const location = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(location.search);
    params.delete("confirm");
    params.delete("lng");
    if (page <= 1) params.delete("page");
    else params.set("page", String(page));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/**
 * Previous / next links with "Page X of Y" and the total; shown only when there is more than one
 * page. The ends are rendered as disabled (not links) so nothing points nowhere.
 */
export function AdminPagination({
  page,
  totalPages,
  totalLabel,
  language,
}: {
  page: number;
  totalPages: number;
  totalLabel: string;
  language: Language;
}) {
  const { t } = useTranslation("admin");
  const href = usePageHref();
  if (totalPages <= 1) return null;
  const item = "inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold";
  const enabled = `${item} border-ink-900/20 bg-white text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700`;
  const disabled = `${item} cursor-not-allowed border-ink-900/10 bg-sand-100 text-ink-500`;
  const chevron = (d: string) => (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
  const prev = (
    <>
      {chevron("M12 5l-5 5 5 5")}
      {t("pagination.previous")}
    </>
  );
  const next = (
    <>
      {t("pagination.next")}
      {chevron("M8 5l5 5-5 5")}
    </>
  );
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-700" data-testid="pagination-status">
        <span>{t("pagination.pageOf", { page: formatNumber(page, language), total: formatNumber(totalPages, language) })}</span>
        <span aria-hidden="true" className="mx-2">·</span>
        <span>{totalLabel}</span>
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} rel="prev" className={enabled}>
            {prev}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {prev}
          </span>
        )}
        {page < totalPages ? (
          <Link to={href(page + 1)} rel="next" className={enabled}>
            {next}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {next}
          </span>
        )}
      </div>
    </nav>
  );
}
