import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import arScanner from "@locales/ar/scanner";
import enScanner from "@locales/en/scanner";
import { useBundles } from "~/platform/i18n/use-bundles";
import { useBrand, useBrandName, useLanguage } from "~/platform/ui/root-data";
import { classifyScanned } from "../scanned";
import { qrReader, type QrReader } from "./qr-reader";

/** The scanner's words: the page's document brought only the button's (see the verify loaders). */
const BUNDLES = { en: { scanner: enScanner }, ar: { scanner: arScanner } } as const;

/** How often the reader looks at the camera's picture. */
const READ_EVERY_MS = 200;

type Phase =
  | { phase: "starting" | "scanning" | "checking" | "opening" | "other" }
  | { phase: "denied" | "missing" | "failed" }
  | { phase: "foreign"; url: string };

/** What a refused getUserMedia means for the shopper. */
function cameraFailure(error: unknown): "denied" | "missing" | "failed" {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  return "failed";
}

/**
 * The camera view of "Scan the label" (issue 27), a modal dialog loaded when the button is pressed.
 * It asks for the back camera, reads QR codes from it and acts on the first one read
 * (`classifyScanned`): this site's verify link goes back to the form (`onCode`), this site's GS1
 * Digital Link opens its pack page, any other address is never opened but shown, isolated left to
 * right and not as a link, under a warning with the way to report it. The camera stops as soon as a
 * code is read, when the dialog closes (Close, Escape) and when the page goes away. Errors (camera
 * refused or missing, reader not loading) are said in the live region; the typed form stays usable.
 */
export default function ScannerDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const language = useLanguage();
  useBundles(language, BUNDLES[language]);
  const { t } = useTranslation("scanner");
  const brand = useBrandName();
  const { siteUrl } = useBrand();
  const navigate = useNavigate();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Phase>({ phase: "starting" });

  // Modal at once, or once another modal (the fraud notice on a fresh page) has closed.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const show = () => {
      if (!dialog.isConnected || dialog.open) return;
      dialog.showModal();
      setShown(true);
    };
    const blocking = document.querySelector<HTMLDialogElement>("dialog:modal");
    if (!blocking) return show();
    const showOnceClosed = () => {
      if (!blocking.open) show();
    };
    blocking.addEventListener("close", showOnceClosed);
    return () => blocking.removeEventListener("close", showOnceClosed);
  }, []);

  const read = useEffectEvent((text: string) => {
    const scanned = classifyScanned(text, siteUrl);
    if (scanned.kind === "code") {
      setState({ phase: "checking" });
      onCode(scanned.code);
    } else if (scanned.kind === "pack") {
      setState({ phase: "opening" });
      void navigate(scanned.path);
    } else {
      setState(scanned.kind === "foreign" ? { phase: "foreign", url: scanned.url } : { phase: "other" });
    }
  });

  // The camera and the reader, once per attempt ("Scan again" starts another).
  useEffect(() => {
    const video = videoRef.current;
    if (!shown || !video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = (media: MediaStream | null) => media?.getTracks().forEach((track) => track.stop());
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      release(stream);
      stream = null;
      video.srcObject = null;
    };
    const look = async (reader: QrReader) => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const found = await reader.detect(video).catch(() => []);
        if (stopped) return;
        const text = found.find((code) => code.rawValue)?.rawValue;
        if (text) {
          stop();
          read(text);
          return;
        }
      }
      timer = setTimeout(() => void look(reader), READ_EVERY_MS);
    };
    const start = async () => {
      const loading = qrReader();
      loading.catch(() => {}); // awaited below, once the camera is there
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch (error) {
        if (!stopped) setState({ phase: cameraFailure(error) });
        return;
      }
      if (stopped) return release(media);
      stream = media;
      video.srcObject = media;
      video.play().catch(() => {});
      let reader: QrReader;
      try {
        reader = await loading;
      } catch {
        if (stopped) return;
        stop();
        setState({ phase: "failed" });
        return;
      }
      if (stopped) return;
      setState({ phase: "scanning" });
      void look(reader);
    };
    void start();
    window.addEventListener("pagehide", stop);
    return () => {
      window.removeEventListener("pagehide", stop);
      stop();
    };
  }, [shown, attempt]);

  const again = () => {
    setState({ phase: "starting" });
    setAttempt((n) => n + 1);
  };
  const live = state.phase === "starting" || state.phase === "scanning";
  const ended = !live && state.phase !== "checking" && state.phase !== "opening";
  const status = state.phase === "foreign" ? "" : t(state.phase);

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid="scanner"
      data-phase={state.phase}
      className="fixed inset-0 z-50 m-auto w-[min(92vw,28rem)] max-h-[90dvh] overflow-y-auto rounded-3xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60"
    >
      <div className="px-6 pb-6 pt-7 sm:px-8">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          {t("title")}
        </h2>
        <div className={`mt-4 aspect-[4/3] overflow-hidden rounded-2xl bg-ink-900 ${live ? "" : "hidden"}`}>
          <video ref={videoRef} muted playsInline aria-label={t("video")} className="size-full object-cover" />
        </div>
        {state.phase === "foreign" ? <ForeignWarning url={state.url} brand={brand} /> : null}
        <p role="status" className="mt-3 text-ink-700" data-testid="scanner-status">
          {status}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          {ended ? (
            <button type="button" className="btn-primary" onClick={again}>
              {t("again")}
            </button>
          ) : null}
          <button type="button" className="btn-secondary" onClick={() => dialogRef.current?.close()}>
            {t("close")}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * A QR code that leads elsewhere: the warning, the address as text (left to right inside any page,
 * never a link) and where to report it. The report flow of a check needs the check's scan; nothing
 * was checked here, so it is the contact page, which works for anyone, with or without JavaScript.
 */
function ForeignWarning({ url, brand }: { url: string; brand: string }) {
  const { t } = useTranslation("scanner");
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900" data-testid="scanner-foreign">
      <p className="font-semibold">{t("foreign.title")}</p>
      <p className="mt-2 text-sm">{t("foreign.body", { brand })}</p>
      <p className="mt-3 text-sm font-medium">{t("foreign.address")}</p>
      <bdi dir="ltr" className="mt-1 block break-all rounded-lg bg-white px-3 py-2 text-start font-mono text-sm text-ink-900" data-testid="scanner-foreign-url">
        {url}
      </bdi>
      <p className="mt-3 text-sm">
        {t("foreign.reportPrompt")}{" "}
        <Link to="/contact" className="font-semibold underline underline-offset-4" data-testid="scanner-report">
          {t("foreign.report")}
        </Link>
      </p>
    </div>
  );
}
