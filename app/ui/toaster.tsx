import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/lib/toast";

/**
 * Shows the flash toast of the current page. Server-rendered, so it also appears after a redirect
 * without JavaScript; with JavaScript it hides itself after a few seconds.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<Toast | null>(toast);

  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = window.setTimeout(() => setVisible(null), 6000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <section aria-label={t("toast.region")} className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex justify-center px-4">
      {visible ? (
        <div
          role={visible.type === "error" ? "alert" : "status"}
          data-testid="toast"
          data-type={visible.type}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border p-4 shadow-lg ${
            visible.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{visible.title}</p>
            {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="rounded-md px-2 text-lg leading-none hover:bg-black/5 focus-visible:outline-2"
            aria-label={t("toast.dismiss")}
          >
            ×
          </button>
        </div>
      ) : null}
    </section>
  );
}
