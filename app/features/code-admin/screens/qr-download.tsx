import { useRef, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { formatCode } from "~/platform/codes/code-format";
import { Spinner } from "~/platform/ui/icons";

export type QrLabelProps = {
  codeId: string;
  code: string;
  /** English product name: part of the file name. */
  productSlugName: string;
  /** Product name in the admin's language: printed on the label. */
  productName: string;
  brandName: string;
  brandFileName: string;
  siteUrl: string;
  /** The label's words are in the admin's language: "rtl" for Arabic. */
  direction: "ltr" | "rtl";
};

const CAPTURE_DELAY_MS = 100;
const IMAGE_TIMEOUT_MS = 15_000;

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Downloads a code's printable QR label. Without JavaScript the link fetches the server's SVG
 * label; with JavaScript the same label is drawn in an off-screen white card, captured after 100 ms
 * with modern-screenshot at scale 2 on white and saved as a PNG. A failure is logged and nothing is
 * saved (no half-made file).
 */
export function QrDownload(props: QrLabelProps) {
  const { t } = useTranslation("admin");
  const [svg, setSvg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const href = `/admin/dashboard/codes/${encodeURIComponent(props.codeId)}/qr.svg`;

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const [{ labelSvg, labelFileName, verifyUrl }, { domToPng }] = await Promise.all([
        import("~/platform/codes/qr"),
        import("modern-screenshot"),
      ]);
      const markup = await labelSvg({
        url: verifyUrl(props.siteUrl, props.code),
        code: props.code,
        productName: props.productName,
        brandName: props.brandName,
        caption: t("codes.label.caption"),
        direction: props.direction,
      });
      flushSync(() => setSvg(markup));
      await wait(CAPTURE_DELAY_MS);
      const card = cardRef.current;
      if (!card) throw new Error("QR card was not rendered");
      // font: false — the label's SVG names its own font stack, and the library's font embedding
      // would need an inline <style> in the page, which the CSP (rightly) refuses.
      const png = await domToPng(card, { scale: 2, backgroundColor: "#ffffff", timeout: IMAGE_TIMEOUT_MS, font: false });
      if (!png.startsWith("data:image/png")) throw new Error("QR capture did not produce a PNG");
      saveDataUrl(png, labelFileName(props.brandFileName, props.productSlugName, props.code, "png"));
    } catch (error) {
      console.error("QR label download failed", error);
      setFailed(true);
    } finally {
      setSvg(null);
      setBusy(false);
    }
  }

  return (
    <>
      <a
        href={href}
        download
        onClick={download}
        aria-label={t("codes.actions.qrLabel", { code: formatCode(props.code) })}
        aria-busy={busy || undefined}
        data-testid="qr-download"
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink-900/15 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700"
      >
        {busy ? <Spinner /> : <QrIcon />}
        {busy ? t("codes.actions.qrPreparing") : t("codes.actions.qr")}
      </a>
      {failed ? (
        <span role="alert" className="text-xs text-red-700">
          {t("codes.toast.qrFailed")}
        </span>
      ) : null}
      {svg ? <OffscreenCard svg={svg} cardRef={cardRef} /> : null}
    </>
  );
}

/** Saves a data URL as a file, through a link clicked once. */
function saveDataUrl(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The link's QR icon (a spinner takes its place while the label is made). */
function QrIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M3 3h5v5H3zM12 3h5v5h-5zM3 12h5v5H3zM12 12h2M16 12v2M12 16h5M14 14v3" strokeLinejoin="round" />
    </svg>
  );
}

/** The label drawn for the capture: an off-screen wrapper; the card itself carries no positioning, so the capture is clean. */
function OffscreenCard({ svg, cardRef }: { svg: string; cardRef: React.RefObject<HTMLDivElement | null> }) {
  return createPortal(
    <div aria-hidden="true" style={{ position: "fixed", top: "-10000px", insetInlineStart: 0, pointerEvents: "none" }}>
      <div ref={cardRef} className="inline-block bg-white [&>svg]:block" dangerouslySetInnerHTML={{ __html: svg }} />
    </div>,
    document.body,
  );
}
