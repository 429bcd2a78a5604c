import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { AlertCircleIcon, CheckCircleIcon } from "~/platform/ui/icons";
import { useTimeZone } from "~/platform/ui/local-time";
import { checkTime } from "~/platform/codes/messages";
import type { ResultView } from "~/platform/codes/view";
import { RecallNotice } from "~/platform/ui/recall-notice";

/** A result's tone: green for genuine, amber for genuine but recalled (decision 153), red otherwise. */
export function resultTone(result: Pick<ResultView, "isValid" | "outcome">): "valid" | "recalled" | "invalid" {
  if (result.outcome === "recalled") return "recalled";
  return result.isValid ? "valid" : "invalid";
}

/**
 * The modal that follows every check. Rendered open by the server, so without JavaScript it shows
 * at once and its Okay button (a `method="dialog"` form) closes it natively. It opens with the focus
 * on its title, so a long answer is read from its start. With JavaScript it is upgraded to a real
 * modal (focus kept inside, Escape closes, the page behind is inert) and focus goes back to the code
 * field when it closes.
 */
export function ResultDialog({ result, returnFocusTo }: { result: ResultView; returnFocusTo: string }) {
  const { t } = useTranslation("verify");
  const language = useLanguage();
  const timeZone = useTimeZone();
  const { ref, ownCloses } = useModalUpgrade();
  const [closed, setClosed] = useState(false);

  if (closed) return null;

  const onClose = () => {
    // The close() of the upgrade (useModalUpgrade) fires one close event of its own: not the visitor's.
    if (ownCloses.current > 0) {
      ownCloses.current -= 1;
      return;
    }
    setClosed(true);
    document.getElementById(returnFocusTo)?.focus();
  };

  const titleId = "verify-result-title";
  const ok = result.isValid;
  return (
    <div className="group/dialog">
      {/* Dims the page for the server-rendered (non-modal) dialog; the modal one sits above it. */}
      <div className="fixed inset-0 z-50 hidden bg-ink-900/50 group-has-[dialog[open]]/dialog:block" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        onClose={onClose}
        aria-labelledby={titleId}
        data-testid="verify-dialog"
        data-result-dialog
        data-valid={ok ? "true" : "false"}
        data-tone={resultTone(result)}
        className="fixed inset-0 z-50 m-auto w-[min(92vw,28rem)] max-h-[90dvh] overflow-y-auto rounded-3xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/50"
      >
        <div className="flex flex-col items-center px-6 pb-6 pt-8 text-center sm:px-8">
          <ResultSummary result={result} titleId={titleId} />
          {!ok && result.verifiedAt ? (
            <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="first-verified">
              <BidiText text={t(result.packSerial ? "dialog.packFirstVerified" : "dialog.firstVerified", isolated({ date: checkTime(result.verifiedAt, language, timeZone) }, ["date"]))} />
            </p>
          ) : null}
          {ok && result.pastBestBefore && result.bestBefore ? (
            <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" data-testid="past-best-before">
              <BidiText text={t("dialog.pastDate", isolated({ date: result.bestBefore }, ["date"]))} />
            </p>
          ) : null}
          {result.recall ? <RecallNotice recall={result.recall} lot={result.lot} /> : null}
          {!ok ? <ReportLink scanId={result.scanId} /> : null}
          {ok && result.product ? <ProductDetails result={result} product={result.product} /> : null}
          <form method="dialog" className="mt-7 w-full">
            <button type="submit" className="btn-primary w-full">
              {t("dialog.okay")}
            </button>
          </form>
        </div>
      </dialog>
    </div>
  );
}

/**
 * Upgrades the dialog the server rendered open (non-modal) to a real modal once hydrated. `ownCloses`
 * counts the close events that upgrade fires itself, so the dialog's close handler can tell them from
 * the visitor's.
 */
function useModalUpgrade() {
  const ref = useRef<HTMLDialogElement>(null);
  const ownCloses = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !dialog.open || typeof dialog.showModal !== "function" || dialog.matches(":modal")) return;
    // A dialog opened by the `open` attribute is non-modal; closing it first lets showModal() run.
    ownCloses.current += 1;
    dialog.close();
    // Opened on its title, whether or not the server's `autofocus` is still there (a client-side
    // navigation renders none): a long answer is read from its start.
    const show = () => {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-dialog-title]")?.focus();
    };
    // Never stacked under another modal (the fraud notice on a first load): shown once that one closes.
    const blocking = document.querySelector<HTMLDialogElement>("dialog:modal");
    if (!blocking) {
      show();
      return;
    }
    // Not removed on cleanup (React's development double effects would lose it); a dialog that is
    // gone by then is simply not shown. A stale close event (from the other dialog's own upgrade to a
    // modal) finds it still open and is ignored.
    const showOnceClosed = () => {
      if (blocking.open) return;
      blocking.removeEventListener("close", showOnceClosed);
      if (dialog.isConnected && !dialog.open) show();
    };
    blocking.addEventListener("close", showOnceClosed);
  }, []);
  return { ref, ownCloses };
}

/** The result's icon, its title (the dialog's label) and its sentence with the code. */
const SUMMARY = {
  valid: { icon: "bg-emerald-100 text-emerald-700", title: "text-emerald-800", titleKey: "dialog.validTitle", messageKey: "dialog.validMessage" },
  recalled: { icon: "bg-amber-100 text-amber-800", title: "text-amber-900", titleKey: "dialog.recalledTitle", messageKey: "dialog.recalledMessage" },
  invalid: { icon: "bg-red-100 text-red-700", title: "text-red-800", titleKey: "dialog.invalidTitle", messageKey: "dialog.invalidMessage" },
} as const;

function ResultSummary({ result, titleId }: { result: ResultView; titleId: string }) {
  const { t } = useTranslation("verify");
  const tone = resultTone(result);
  const look = SUMMARY[tone];
  return (
    <>
      <span className={`flex size-16 items-center justify-center rounded-full ${look.icon}`}>
        {tone === "valid" ? <CheckCircleIcon className="size-9" /> : <AlertCircleIcon className="size-9" />}
      </span>
      {/* The dialog opens on its title (issue 38): a long answer (a recall's notice) is read from its
          start, not scrolled to the button at its end. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <h2 id={titleId} tabIndex={-1} autoFocus data-dialog-title className={`mt-4 text-2xl font-bold tracking-tight outline-none ${look.title}`}>
        {t(look.titleKey)}
      </h2>
      <p className="mt-3 text-ink-700">
        <BidiText text={t(look.messageKey, isolated({ code: result.code }))} value={codeToken} />
      </p>
    </>
  );
}

/** A genuine product's picture, name, link and print-run facts. */
function ProductDetails({ result, product }: { result: ResultView; product: NonNullable<ResultView["product"]> }) {
  const { t } = useTranslation("verify");
  return (
    <div className="mt-6 w-full rounded-2xl border border-ink-900/10 bg-sand-50 p-4 text-start" data-testid="verify-product">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-ink-500">{t("dialog.productDetails")}</h3>
      <div className="mt-3 flex items-center gap-4">
        {product.image ? (
          <img src={product.image} alt="" width={72} height={72} className="size-18 shrink-0 rounded-xl bg-white object-contain" />
        ) : null}
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{product.name}</p>
          <Link to={`/product/${product.id}`} className="mt-1 inline-block text-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
            {t("dialog.viewProduct")}
          </Link>
        </div>
      </div>
      <RunFacts result={result} />
    </div>
  );
}

/** After any result that is not genuine: where to report the place it was bought (brand protection). */
export function ReportLink({ scanId }: { scanId: string }) {
  const { t } = useTranslation("verify");
  return (
    <p className="mt-4 text-sm text-ink-700">
      {t("dialog.reportPrompt")}{" "}
      <Link to={`/verify/result/${scanId}/report`} className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800" data-testid="report-link">
        {t("dialog.report")}
      </Link>
    </p>
  );
}

/** The lot and best-before date of the product's print run, when it has one. */
function RunFacts({ result }: { result: ResultView }) {
  const { t } = useTranslation("verify");
  if (!result.lot) return null;
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-ink-900/10 pt-3 text-sm text-ink-700" data-testid="verify-run">
      <dt>{t("dialog.lot")}</dt>
      <dd>
        <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono" data-testid="verify-lot">
          {result.lot}
        </bdi>
      </dd>
      {result.bestBefore ? (
        <>
          <dt>{t("dialog.bestBefore")}</dt>
          <dd data-testid="verify-best-before">
            <bdi className="whitespace-nowrap">{result.bestBefore}</bdi>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A code inside the dialog's sentence: isolated left to right, in the code's own type. */
function codeToken(code: string) {
  return (
    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono font-semibold" data-testid="code-token">
      {code}
    </bdi>
  );
}
