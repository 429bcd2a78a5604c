import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { dirOf, type Language } from "~/platform/i18n/languages";

/** The same page in the other language: current path and query, with `lng` switched. */
export function useLanguageSwitchTarget(): { language: Language; to: { pathname: string; search: string; hash: string } } {
  const location = useLocation();
  const current = useLanguage();
  const language: Language = current === "ar" ? "en" : "ar";
  const params = new URLSearchParams(location.search);
  params.set("lng", language);
  return { language, to: { pathname: location.pathname, search: `?${params}`, hash: location.hash } };
}

/*
 * The switch reloads the page in the other language, which would lose a half-filled form. With
 * JavaScript the typed values travel across the reload (sessionStorage, this tab only, this page
 * only) and come back into the same fields; without it, a note under the toggle warns while a
 * form on the page has text in it (CSS `:has()`, `.language-warning` in layout.css).
 */
const CARRY_KEY = "lunara:language-switch";
type Carried = { path: string; fields: [form: string, name: string, value: string][] };

/** Text fields a visitor typed into: not passwords, not hidden traps, not left as the page gave them. */
function typedFields(): (HTMLInputElement | HTMLTextAreaElement)[] {
  const candidates = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("main form input[name], main form textarea[name]");
  return [...candidates].filter(
    (el) =>
      (el instanceof HTMLTextAreaElement || ["text", "tel", "email", "search", "url"].includes(el.type)) &&
      el.value !== el.defaultValue &&
      !el.closest("[aria-hidden='true']"),
  );
}

function carryTypedValues() {
  try {
    const fields = typedFields().map((el): Carried["fields"][number] => [el.form?.id ?? "", el.name, el.value]);
    if (fields.length === 0) return;
    sessionStorage.setItem(CARRY_KEY, JSON.stringify({ path: window.location.pathname, fields } satisfies Carried));
  } catch {
    // Storage refused (private mode, quota): the page simply reloads, as without JavaScript.
  }
}

/** Puts carried values back into the same, still empty, fields of the same page (once). */
function restoreTypedValues() {
  let carried: Carried | null = null;
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? "null") as Carried | null;
    sessionStorage.removeItem(CARRY_KEY);
  } catch {
    return;
  }
  if (!carried || carried.path !== window.location.pathname) return;
  for (const [form, name, value] of carried.fields) {
    const scope = form ? document.getElementById(form) : document.querySelector("main");
    const field = scope?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`);
    if (!field || field.value !== "") continue;
    // Through the native setter and an input event, so form libraries see the value as typed.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * EN/AR toggle: a plain link with `?lng=` and a full document load, so it works without JavaScript and
 * the server renders the new language and direction from the first byte (and remembers it in a cookie).
 * `compact` shows "AR"/"EN" and adds the target language's name for assistive technology, so the
 * accessible name contains the visible text ("AR العربية", WCAG 2.5.3); otherwise the name shows.
 */
/** The compact EN/AR pill of the public and admin headers. */
const compactClass = "language-button";

export function LanguageToggle({ compact = true, className }: { compact?: boolean; className?: string }) {
  const testId = compact ? "language-toggle" : "language-toggle-menu";
  const { t } = useTranslation();
  const { language, to } = useLanguageSwitchTarget();
  // Both toggles of a page (header and phone menu) may run this; the first takes the values.
  useEffect(restoreTypedValues, []);
  return (
    <span className="relative inline-flex">
      <Link
        to={to}
        reloadDocument
        hrefLang={language}
        onClick={carryTypedValues}
        data-testid={testId}
        className={className ?? (compact ? compactClass : "")}
      >
        {compact ? (
          <>
            {t("language.short")}
            <span className="sr-only" lang={language} dir={dirOf(language)}>
              {" "}
              {t("language.switchTo")}
            </span>
          </>
        ) : (
          <span lang={language} dir={dirOf(language)}>
            {t("language.switchTo")}
          </span>
        )}
      </Link>
      <span role="note" data-testid="language-warning" className="language-warning">
        {t("language.formWarning")}
      </span>
    </span>
  );
}
