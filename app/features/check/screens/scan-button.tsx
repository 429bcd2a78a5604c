import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { documentAllowsScanner } from "~/platform/http/scanner-page";

/** The camera view and its reader: fetched when the button is first pressed, never with the page. */
const ScannerDialog = lazy(() => import("./scanner-dialog"));

/** The fragment that asks a freshly loaded verify page to open its scanner (see `press`). */
const OPEN_SCANNER = "#scan";

const hasCamera = () => typeof navigator.mediaDevices?.getUserMedia === "function";

/**
 * "Scan the label" (issue 27): rendered only once the page runs its scripts and the browser offers
 * a camera (`getUserMedia`, which needs a secure context), so it is absent without JavaScript. It
 * opens the scanner's dialog; what a read QR code leads to comes back through `onCode` (this site's
 * verify link: the form sends the code), or the dialog acts on it itself.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation("scanner");
  // False on the server and while hydrating: known only once the page runs in the browser.
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!hasCamera()) return;
    setAvailable(true);
    // Asked for by a press on a page whose document could not use the camera (below).
    if (window.location.hash !== OPEN_SCANNER) return;
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    setOpen(true);
  }, []);

  if (!available) return null;

  const press = () => {
    // Reached by a client-side navigation: this document came without the camera and the reader's
    // WebAssembly allowed (~/platform/http/scanner-page). Load this page as a document, which opens the scanner.
    if (!documentAllowsScanner()) {
      window.history.replaceState(window.history.state, "", OPEN_SCANNER);
      window.location.reload();
      return;
    }
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="btn-secondary mt-3 w-full sm:w-auto" aria-haspopup="dialog" onClick={press} data-testid="scan-button">
        {t("button")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={close}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
