import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import arCommon from "@locales/ar/common";
import enCommon from "@locales/en/common";
import { useNonce } from "~/platform/ui/nonce";
import { useRootData } from "~/platform/ui/root-data";
import { defaultLanguage, dirOf, type Language } from "~/platform/i18n/languages";
import { ShieldAlertIcon } from "~/platform/ui/icons";

const fraudText: Record<Language, typeof enCommon.fraud> = { en: enCommon.fraud, ar: arCommon.fraud };

/**
 * Runs while the page is parsed, right after the notice: where scripts run, the notice the page is
 * first painted with is already the real modal. Hydration comes after the first paint (see
 * ~/platform/http/paint-first.server.ts); turning the painted notice modal then would lay it out again, a
 * second "largest paint" seconds later on a slow phone.
 */
const MAKE_MODAL = `(function(d){if(d&&d.open&&!d.matches(":modal")){d.close();d.showModal()}})(document.currentScript.previousElementSibling)`;

/**
 * The page a route change is counted by. A check's result view (`/verify/result/…`, where the verify
 * form's POST redirects) is the verify page showing its answer: the notice does not come between
 * pressing Verify and the result.
 */
export function noticePage(pathname: string): string {
  return pathname.startsWith("/verify/result/") ? "/verify" : pathname;
}

/**
 * The fraud warning, in both languages (the page's language first), shown on first load and on every
 * route change of the public site, but not on the answer to a form's POST.
 *
 * Without JavaScript it is server-rendered as a non-modal `<dialog open>`: it looks like a modal but
 * never traps anyone, and its `<form method="dialog">` button closes it natively. With JavaScript it
 * becomes a real modal (showModal) on each change of page, focus goes to its button, Escape closes
 * it, and focus returns to where it was. Other modals (a verification result) wait until it is closed.
 * On the first page a tiny inline script makes it modal before the first paint; hydration finds it so.
 */
export function FraudNotice() {
  const { t } = useTranslation();
  const root = useRootData();
  const { pathname } = useLocation();
  const id = useId();
  const nonce = useNonce();

  const language = root?.language ?? defaultLanguage;
  const other: Language = language === "ar" ? "en" : "ar";
  const brandIn = (lng: Language) => (root ? (lng === "ar" ? root.brand.nameAr : root.brand.name) : "");
  const otherText = fraudText[other];

  const { dialogRef, buttonRef } = useModalOnEachPage(noticePage(pathname));
  // Opens on navigation, not on the answer to a form (a refused form shown again, or the page a POST
  // redirected to): the server says which this document is. Only the first render decides; after
  // that, route changes open it.
  const [openOnLoad] = useState(() => !root?.formAnswer);

  // z-[55]: without JavaScript it sits above a server-rendered result dialog (z-50), as it came first.
  return (
    <>
      <dialog
        ref={dialogRef}
        open={openOnLoad}
        data-testid="fraud-notice"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        className="fraud-notice"
      >
        <div className="px-6 pt-7 pb-6 sm:px-8">
          <div className="flex items-center gap-3">
            <span className="icon-badge">
              <ShieldAlertIcon className="size-6" />
            </span>
            <p className="eyebrow">
              {t("fraud.badge")}
            </p>
          </div>
          <h2 id={`${id}-title`} className="mt-5 text-2xl leading-snug font-semibold">
            {t("fraud.title")}
          </h2>
          <div id={`${id}-body`}>
            <p className="mt-3 leading-relaxed text-ink-700">{t("fraud.body", { brand: brandIn(language) })}</p>
            <div lang={other} dir={dirOf(other)} className="mt-5 border-t border-ink-900/10 pt-5 text-start">
              <p className="font-semibold">{otherText.title}</p>
              <p className="mt-2 text-sm leading-relaxed text-ink-700">{otherText.body.replace("{{brand}}", brandIn(other))}</p>
            </div>
          </div>
          <form method="dialog" className="mt-7">
            <button ref={buttonRef} type="submit" className="btn-primary w-full" data-testid="fraud-notice-close">
              {t("fraud.understand")}
            </button>
          </form>
        </div>
      </dialog>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MAKE_MODAL }} />
    </>
  );
}

/**
 * Makes the notice a real modal on each change of `page` (unless the visitor closed the
 * server-rendered one before the scripts ran), focuses its button, and gives the focus back to where
 * it was when it closes.
 */
function useModalOnEachPage(page: string) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const hydrated = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const firstRun = !hydrated.current;
    hydrated.current = true;
    // Closed before the scripts ran (the server-rendered button works without them): stay closed.
    if (firstRun && !dialog.open) return;
    if (!dialog.matches(":modal")) {
      const active = document.activeElement;
      returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
      // The notice the page was painted with is already in view: becoming modal does not replay its entrance.
      dialog.toggleAttribute("data-animate", !firstRun);
      if (dialog.open) dialog.close(); // the server-rendered non-modal state
      dialog.showModal();
    }
    buttonRef.current?.focus();
  }, [page]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClose = () => {
      if (dialog.open) return; // a stale close event from replacing the server-rendered state
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, []);

  return { dialogRef, buttonRef };
}
