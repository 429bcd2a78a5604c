import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

/** Breadcrumb trail; the last item is the current page. Separators mirror in right-to-left pages. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("breadcrumb")} className="text-sm text-ink-700">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex items-center gap-2">
              {item.to && !last ? (
                <Link to={item.to} className="rounded underline-offset-4 hover:text-ink-900 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-ink-900" : undefined}>
                  {item.label}
                </span>
              )}
              {!last ? (
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5 text-ink-500 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M9 18l6-6-6-6" />
                </svg>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
