import { useTranslation } from "react-i18next";
import { formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { LABEL_LANGUAGES, LABEL_LAYOUTS } from "../schemas";
import { downloadHref } from "./batches-url";

type Run = { id: string; quantity: number; label: "single" | "two_part" | "nfc" };

/** An NFC run's companion QR (issue 41): the lot's Digital Link and its QR as an image. */
export type Companion = { url: string; qr: string };

const link =
  "flex min-h-11 items-start gap-3 rounded-xl border border-ink-900/10 p-4 hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700";

/**
 * A run's four downloads (plain links: the browser saves the attachment, with or without JavaScript;
 * the label sheets' words in English and Arabic) and a GET form for a PDF of part of the run, or of
 * all of it, in the words' language the admin picks. An NFC run (issue 41) has its encoder's file
 * instead of the printer's (for owners: `keys`) and no ZIP, and shows its companion QR.
 */
export function Downloads({ run, keys = false, companion = null }: { run: Run; keys?: boolean; companion?: Companion | null }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const twoPart = run.label === "two_part";
  const nfc = run.label === "nfc";
  const encoder = { href: downloadHref(run.id, "nfc"), label: t("downloads.nfc"), hint: t("downloads.nfcHint"), testId: "download-nfc" };
  const files = [
    ...(nfc ? (keys ? [encoder] : []) : [{ href: downloadHref(run.id, "csv"), label: t("downloads.csv"), hint: t("downloads.csvHint"), testId: "download-csv" }]),
    { href: downloadHref(run.id, "pdf", { layout: "L7651" }), label: t("downloads.pdfL7651"), hint: t("downloads.pdfL7651Hint"), testId: "download-l7651" },
    { href: downloadHref(run.id, "pdf", { layout: "L7160" }), label: t("downloads.pdfL7160"), hint: t("downloads.pdfL7160Hint"), testId: "download-l7160" },
    ...(nfc ? [] : [{ href: downloadHref(run.id, "zip"), label: t("downloads.zip"), hint: t(twoPart ? "downloads.twoPartZipHint" : "downloads.zipHint"), testId: "download-zip" }]),
  ];
  const field = "field-input mt-2 w-full";
  return (
    <section aria-labelledby="downloads-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="downloads-title" className="font-display text-xl font-semibold text-ink-900">
        {t("downloads.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{t("downloads.description")}</p>
      {twoPart || nfc ? (
        <p className="mt-1 text-sm text-ink-700" data-testid={nfc ? "nfc-downloads" : "two-part-downloads"}>
          {t(nfc ? "downloads.nfcDescription" : "downloads.twoPartPdfHint")}
        </p>
      ) : null}
      {companion ? <CompanionQr companion={companion} /> : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {files.map((file) => (
          <li key={file.testId}>
            <a href={file.href} download data-testid={file.testId} className={link}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent-700" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>
                <span className="block font-semibold text-ink-900">{file.label}</span>
                <span className="block text-sm text-ink-700">{file.hint}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <form method="get" action={downloadHref(run.id, "pdf")} className="mt-6 rounded-xl bg-sand-50 p-4" aria-labelledby="part-title" data-testid="print-part">
        <h3 id="part-title" className="font-semibold text-ink-900">
          {t("downloads.part")}
        </h3>
        <p className="mt-1 text-sm text-ink-700">{t("downloads.partHint", { first: formatNumber(1, language), last: formatNumber(run.quantity, language) })}</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
          <div>
            <label htmlFor="part-layout" className="text-sm font-semibold text-ink-900">
              {t("downloads.layout")}
            </label>
            <select id="part-layout" name="layout" className={field} defaultValue="L7651">
              {LABEL_LAYOUTS.map((layout) => (
                <option key={layout} value={layout}>
                  Avery {layout}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="part-lang" className="text-sm font-semibold text-ink-900">
              {t("downloads.labelLanguage")}
            </label>
            <select id="part-lang" name="lang" className={field} defaultValue="both">
              {LABEL_LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`downloads.labelLanguages.${lang}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="part-from" className="text-sm font-semibold text-ink-900">
              {t("downloads.from")}
            </label>
            <input id="part-from" name="from" type="number" inputMode="numeric" min={1} max={run.quantity} placeholder="1" dir="ltr" className={field} />
          </div>
          <div>
            <label htmlFor="part-to" className="text-sm font-semibold text-ink-900">
              {t("downloads.to")}
            </label>
            <input id="part-to" name="to" type="number" inputMode="numeric" min={1} max={run.quantity} placeholder={String(run.quantity)} dir="ltr" className={field} />
          </div>
          <button type="submit" className="btn-secondary">
            {t("downloads.partSubmit")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** An NFC run's companion QR, as printed beside each tag, with the link it opens. */
function CompanionQr({ companion }: { companion: Companion }) {
  const { t } = useTranslation("batches");
  return (
    <figure className="mt-4 flex flex-col gap-4 rounded-xl bg-sand-50 p-4 sm:flex-row sm:items-center" data-testid="companion-qr">
      <img src={companion.qr} alt={t("downloads.companionAlt")} width={128} height={128} className="size-32 shrink-0 rounded-lg bg-white" />
      <figcaption className="min-w-0 text-sm text-ink-700">
        <span className="block font-semibold text-ink-900">{t("downloads.companionTitle")}</span>
        <span className="mt-1 block">{t("downloads.companionHint")}</span>
        <bdi dir="ltr" className="mt-2 block break-all font-mono text-xs" data-testid="companion-url">
          {companion.url}
        </bdi>
      </figcaption>
    </figure>
  );
}
