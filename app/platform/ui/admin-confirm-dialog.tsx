import { useEffect, useId, useRef } from "react";

/**
 * A modal confirmation built on `<dialog>` (focus trapped by the browser, Escape cancels). Focus
 * returns to the element that opened it, or to `fallbackFocus` when that element is gone.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  fallbackFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Unmounted while open (its row was deleted): put focus somewhere sensible.
      if (dialog?.open) dialog.close();
    };
  }, []);

  function handleClose() {
    onClose();
    const target = opener.current && opener.current.isConnected ? opener.current : (fallbackFocus?.() ?? null);
    target?.focus();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={handleClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-ink-900/10 bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/40"
    >
      <div className="p-6">
        <h2 id={titleId} className="font-display text-xl font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
