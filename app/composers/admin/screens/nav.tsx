import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import type { NavItem } from "~/platform/access/permissions";

/**
 * The admin menu: a disclosure (`<details>`) so it opens without JavaScript; with JavaScript it also
 * closes on navigation, on Escape and on a click elsewhere. The current page is marked aria-current.
 * It lists only what the member's role may open (`navFor` of the permission matrix).
 */
export function AdminNav({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  // A run's own page belongs to "Print runs", an alert's to "Alerts".
  const current = items.find((i) => i.to === location.pathname) ?? items.find((i) => i.to !== "/admin/dashboard" && location.pathname.startsWith(`${i.to}/`)) ?? items[0];

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <details ref={ref} className="group relative">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-ink-900/15 bg-white px-4 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 5h14M3 10h14M3 15h14" strokeLinecap="round" />
        </svg>
        {/* Phones show "Menu", wider screens the current page; the name is "Menu <page>" on both,
            so it contains what is visible and says "Menu" once. */}
        <span className="sm:sr-only">{t("nav.menu")}</span> <span className="max-sm:sr-only">{current ? t(current.key) : null}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <nav
        aria-label={t("nav.label")}
        className="absolute start-0 top-full z-40 mt-2 w-64 max-w-[calc(100vw-5rem)] rounded-2xl border border-ink-900/10 bg-white p-2 shadow-xl"
      >
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/admin/dashboard"}
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-between rounded-xl px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-700 ${
                    isActive ? "bg-accent-50 text-accent-800" : "text-ink-900 hover:bg-sand-100"
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    {t(item.key)}
                    {isActive ? (
                      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                        <path d="M4 10l4 4 8-8" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
