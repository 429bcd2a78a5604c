import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/platform/ui/icons";
import { LanguageToggle } from "~/platform/ui/language-toggle";
import { Logo } from "~/platform/ui/logo";

/** Tab and Shift+Tab cycle through the open menu: its button, then the panel's links and controls. */
function keepFocusInside(event: React.KeyboardEvent, button: HTMLElement | null, panel: HTMLElement | null) {
  if (!button || !panel) return;
  const inPanel = [...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
  const cycle = [button, ...inPanel];
  const first = cycle[0]!;
  const last = cycle[cycle.length - 1]!;
  const active = document.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}

/** Past this many pixels of scroll the header gets its raised look. */
export const HEADER_SCROLL_THRESHOLD = 10;

const links = [
  { to: "/", key: "nav.home", end: true },
  { to: "/verify", key: "nav.verify", end: false },
  { to: "/products", key: "nav.products", end: false },
  { to: "/contact", key: "nav.contact", end: false },
] as const;

/** True once the page is scrolled past the threshold; null before hydration (no JavaScript). */
function useScrolledPast(threshold: number): boolean | null {
  const [scrolled, setScrolled] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function SiteHeader() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  return (
    <header
      data-testid="site-header"
      data-scrolled={scrolled === null ? undefined : String(scrolled)}
      className="site-header"
    >
      <div className="site-header-bar">
        <Logo />
        <nav aria-label={t("nav.label")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className="nav-link"
                >
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * Phone menu: a <details> disclosure, so it opens and closes without JavaScript. With JavaScript,
 * focus moves into the panel on open and stays inside the open menu (Tab from its last link comes
 * back to its button, Shift+Tab from the button goes to the last link), Escape or a click outside
 * closes it and focus returns to the button, and it closes on every route change. Its landmark is
 * named "Menu", the wide screen's "Main": one name a landmark on a page.
 */
function MobileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = (returnFocus: boolean) => {
    const details = ref.current;
    if (!details?.open) return;
    details.open = false;
    if (returnFocus) summaryRef.current?.focus();
  };

  useEffect(() => {
    close(false);
  }, [pathname]);

  return (
    // Escape closes the open menu (a disclosure), as it does any menu.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={ref}
      data-testid="mobile-menu"
      className="mobile-menu group md:hidden"
      onToggle={(event) => {
        if (event.currentTarget.open) panelRef.current?.querySelector<HTMLElement>("a")?.focus();
      }}
      onKeyDown={(event) => {
        if (!ref.current?.open) return;
        if (event.key === "Escape") {
          event.preventDefault();
          close(true);
        } else if (event.key === "Tab") {
          keepFocusInside(event, summaryRef.current, panelRef.current);
        }
      }}
      onBlur={(event) => {
        // Tabbing out of the open menu closes it (the panel covers the page behind it).
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <summary
        ref={summaryRef}
        className="menu-button"
      >
        <span className="sr-only">{t("nav.menu")}</span>
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
      </summary>
      <div className="fixed inset-x-0 top-header bottom-0 z-30">
        <div className="mobile-menu-backdrop absolute inset-0 bg-ink-900/35" aria-hidden="true" onClick={() => close(true)} />
        <nav
          ref={panelRef}
          aria-label={t("nav.menu")}
          className="mobile-menu-panel"
        >
          <MenuLinks onNavigate={() => close(false)} />
          <div className="mt-6 border-t border-ink-900/10 pt-6">
            <LanguageToggle
              compact={false}
              className="language-button-wide"
            />
          </div>
        </nav>
      </div>
    </details>
  );
}

/** The menu's links (each closes the menu as it navigates). */
function MenuLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            onClick={onNavigate}
            className="menu-link"
          >
            {t(link.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
