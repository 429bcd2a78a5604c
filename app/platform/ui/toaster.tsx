import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { Toast } from "~/platform/lib/toast";
import { BidiText } from "./bidi-text";

/** How long a toast stays when nobody is reading it (hovered or focused, it stays). */
export const TOAST_MS = 6000;

declare global {
  interface Window {
    /** Test hook: a shorter toast lifetime, set by the browser tests before the page loads. */
    __LUNARA_TOAST_MS__?: number;
  }
}

function lifetime(): number {
  const override = typeof window === "undefined" ? undefined : window.__LUNARA_TOAST_MS__;
  return typeof override === "number" && override >= 100 ? override : TOAST_MS;
}

/**
 * One toast: server-rendered (so it also shows after a redirect without JavaScript), then with
 * JavaScript it hides itself after a few seconds, except while the pointer is over it or focus is in
 * it. Its description's codes and dates keep their direction (~/platform/lib/bidi). With `takeFocus` (the
 * page's toast): when the element that had the focus went away with the action (a row that moved
 * to another tab, a form that was cleared), the toast takes the focus, so it never falls back to
 * the page itself; the HTML `autofocus` attribute does the same for the page a form's POST
 * redirected to without JavaScript.
 */
function ToastCard({ toast, takeFocus = false }: { toast: Toast | null; takeFocus?: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<Toast | null>(toast);
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setVisible(toast);
    setHeld(false);
  }, [toast]);

  useEffect(() => {
    if (!visible || held) return;
    // Hides this toast only: a timer that fires late (a busy main thread) after the next toast
    // arrived must not hide that one before it was seen.
    const shown = visible;
    const timer = window.setTimeout(() => setVisible((current) => (current === shown ? null : current)), lifetime());
    return () => window.clearTimeout(timer);
  }, [visible, held]);

  useEffect(() => {
    const active = document.activeElement;
    if (takeFocus && visible && (!active || active === document.body)) ref.current?.focus({ preventScroll: true });
  }, [visible, takeFocus]);

  if (!visible) return null;

  const hide = () => {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    setVisible(null);
    // Focus goes to the page's main content, not to nowhere.
    if (hadFocus) document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
  };
  const release = (event: React.FocusEvent | React.PointerEvent) => {
    const next = "relatedTarget" in event ? (event.relatedTarget as Node | null) : null;
    if (event.type === "blur" && next && ref.current?.contains(next)) return;
    if (event.type === "pointerleave" && ref.current?.contains(document.activeElement)) return;
    setHeld(false);
  };

  return (
    <div
      ref={ref}
      role={visible.type === "success" ? "status" : "alert"}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={takeFocus}
      data-testid="toast"
      data-type={visible.type}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={release}
      onFocus={() => setHeld(true)}
      onBlur={release}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-accent-700 ${
        TONES[visible.type]
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{visible.title}</p>
        {visible.description ? (
          <p className="mt-1 text-sm break-words">
            <BidiText text={visible.description} />
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={hide}
        className="rounded-md px-2 text-lg leading-none hover:bg-black/5 focus-visible:outline-2"
        aria-label={t("toast.dismiss")}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The toast while the visitor stays on the page it arrived with: the root's data (where the flash
 * toast comes from) is not loaded again on a link's navigation, so without this a toast would follow
 * the visitor to the next page, and come back with the Back button.
 */
function useToastOfThisPage(toast: Toast | null): Toast | null {
  const { pathname } = useLocation();
  const [owner, setOwner] = useState<{ toast: Toast | null; pathname: string | null }>({ toast, pathname });
  if (owner.toast !== toast) setOwner({ toast, pathname });
  else if (owner.pathname !== null && owner.pathname !== pathname) setOwner({ toast, pathname: null });
  return owner.toast === toast && owner.pathname === pathname ? toast : null;
}

/**
 * The page's toast region (one "Notifications" landmark a page): the flash toast of the page a form's
 * POST led to. On phones it sits at the bottom, clear of the page's heading; from sm up at the top.
 */
/** Each toast's colours: green, red, and amber for a genuine answer that asks the shopper to act (a recall). */
const TONES: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
};

export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const mine = useToastOfThisPage(toast);
  return (
    <section
      aria-label={t("toast.region")}
      className="toast-region"
    >
      <ToastCard toast={mine} takeFocus />
    </section>
  );
}

/**
 * A form's own toast (a refused check or message): on phones it is part of the form, above its
 * fields, so it never covers the field or heading it is about; from sm up it floats at the top like
 * the page's toasts. Not a landmark of its own, and it never takes the focus (the form puts it on
 * the first field to correct).
 */
export function FormToast({ toast }: { toast: Toast | null }) {
  return (
    <div className="mb-4 flex justify-center empty:hidden sm:pointer-events-none sm:fixed sm:inset-x-0 sm:top-20 sm:z-[60] sm:mb-0 sm:px-4">
      <ToastCard toast={toast} />
    </div>
  );
}
