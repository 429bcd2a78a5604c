import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLanguage } from "~/root-data";
import { dirOf, type Language } from "~/i18n/languages";

/** The same page in the other language: current path and query, with `lng` switched. */
export function useLanguageSwitchTarget(): { language: Language; to: { pathname: string; search: string; hash: string } } {
  const location = useLocation();
  const current = useLanguage();
  const language: Language = current === "ar" ? "en" : "ar";
  const params = new URLSearchParams(location.search);
  params.set("lng", language);
  return { language, to: { pathname: location.pathname, search: `?${params}`, hash: location.hash } };
}

/**
 * EN/AR toggle: a plain link with `?lng=` and a full document load, so it works without JavaScript and
 * the server renders the new language and direction from the first byte (and remembers it in a cookie).
 * `compact` shows "AR"/"EN" with the target language's name as the accessible name; otherwise the name shows.
 */
/** The compact EN/AR pill of the public and admin headers. */
const compactClass =
  "inline-flex h-10 min-w-12 items-center justify-center rounded-full border border-ink-900/20 px-3 text-sm font-semibold tracking-wider text-ink-900 transition-colors hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700";

export function LanguageToggle({ compact = true, className }: { compact?: boolean; className?: string }) {
  const testId = compact ? "language-toggle" : "language-toggle-menu";
  const { t } = useTranslation();
  const { language, to } = useLanguageSwitchTarget();
  return (
    <Link
      to={to}
      reloadDocument
      lang={language}
      hrefLang={language}
      dir={dirOf(language)}
      aria-label={compact ? t("language.switchTo") : undefined}
      data-testid={testId}
      className={className ?? (compact ? compactClass : "")}
    >
      {compact ? t("language.short") : t("language.switchTo")}
    </Link>
  );
}
