import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { counted } from "~/platform/i18n/format";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { AlertCircleIcon, ShieldCheckIcon } from "~/platform/ui/icons";
import { useTimeZone } from "~/platform/ui/local-time";
import { PageMeta } from "~/platform/ui/page-meta";
import { RecallNotice } from "~/platform/ui/recall-notice";
import { checkTime } from "~/platform/codes/messages";
import type { RecallShown } from "~/platform/codes/view";
import { tapWords, type TapState } from "../words";

/** What a tap's page shows (issue 41): the recorded answer, never the tag's keys or counter. */
export type TapPageView = {
  /** `limited`: past the client's limit, nothing tapped. */
  state: TapState | "limited";
  /** The page's HTTP status: 200, 400 (no tag's link), 429. */
  status: number;
  /** The tap's scan (for a counterfeit report), or null when nothing was recorded. */
  scanId: string | null;
  product: { id: string; name: string; image: string | null } | null;
  lot: string | null;
  /** Formatted in the page's language. */
  bestBefore: string | null;
  checkedAt: string | null;
  /** The tag's first genuine tap (ISO) and its genuine taps up to this one (genuine and replayed taps only). */
  firstTapAt: string | null;
  taps: number;
  recall: RecallShown | null;
  limited: string | null;
};

/** Green for a genuine tap, amber for a recalled one or a refusal to try later, red for everything a shopper must not trust. */
const TONES = {
  valid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  recalled: "border-amber-300 bg-amber-50 text-amber-950",
  invalid: "border-red-300 bg-red-50 text-red-900",
} as const;

function toneOf(state: TapPageView["state"]): keyof typeof TONES {
  if (state === "genuine") return "valid";
  return state === "recalled" || state === "limited" || state === "malformed" ? "recalled" : "invalid";
}

/** `/tap/{scanId}`: a tag's tap as answered (genuine, recalled, a copied or forged link), with the product when the tag is real. */
export function TapScreen({ view }: { view: TapPageView }) {
  const { t } = useTranslation("verify");
  const words = view.state === "limited" ? { title: t("tap.limitedTitle"), message: view.limited ?? "" } : tapWords(t, view.state);
  const tone = toneOf(view.state);
  return (
    <section className="bg-gradient-to-b from-sand-100 to-sand-50">
      <PageMeta title={t("tap.metaTitle")} noindex />
      <div className="mx-auto max-w-2xl px-5 pb-14 pt-10 sm:px-8 lg:pt-16">
        <header className="flex flex-col items-start gap-4">
          <span className="rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800">{t("tap.eyebrow")}</span>
          <h1 className="text-3xl font-semibold tracking-tight text-ink-900 sm:text-4xl">{t("tap.title")}</h1>
        </header>
        <div className="mt-8 rounded-3xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-7" data-testid="tap" data-state={view.state}>
          {view.product ? <TapProduct view={view} product={view.product} /> : null}
          <div role="status" data-testid="tap-message" data-tone={tone} className={`flex items-start gap-3 rounded-2xl border p-4 ${TONES[tone]}`}>
            {tone === "valid" ? <ShieldCheckIcon className="mt-0.5 size-6 shrink-0" /> : <AlertCircleIcon className="mt-0.5 size-6 shrink-0" />}
            <div className="min-w-0">
              <h2 className="font-semibold" data-testid="tap-title">
                {words.title}
              </h2>
              <p className="mt-1">{words.message}</p>
              <TapHistory view={view} />
              {tone === "invalid" && view.scanId ? <TapReport scanId={view.scanId} /> : null}
            </div>
          </div>
          {view.recall ? <RecallNotice recall={view.recall} lot={null} titleId="tap-recall-title" /> : null}
        </div>
      </div>
    </section>
  );
}

/** The product's picture and name, its lot and best-before day. */
function TapProduct({ view, product }: { view: TapPageView; product: NonNullable<TapPageView["product"]> }) {
  const { t } = useTranslation("verify");
  return (
    <div className="mb-5" data-testid="tap-product">
      <div className="flex items-center gap-4">
        {product.image ? <img src={product.image} alt="" width={80} height={80} className="size-20 shrink-0 rounded-xl bg-sand-50 object-contain" /> : null}
        <p className="min-w-0 text-lg font-semibold">
          <span className="sr-only">{t("tap.product")}: </span>
          <Link to={`/product/${product.id}`} className="text-ink-900 underline decoration-accent-700/40 underline-offset-4 hover:text-accent-800">
            {product.name}
          </Link>
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-ink-900/10 pt-3 text-sm text-ink-700">
        <dt>{t("dialog.lot")}</dt>
        <dd>
          <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono" data-testid="tap-lot">
            {view.lot}
          </bdi>
        </dd>
        {view.bestBefore ? (
          <>
            <dt>{t("dialog.bestBefore")}</dt>
            <dd data-testid="tap-best-before">
              <bdi className="whitespace-nowrap">{view.bestBefore}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** How many genuine taps the tag had, since when; for a copied link, when the real tag was first tapped. */
function TapHistory({ view }: { view: TapPageView }) {
  const { t } = useTranslation("verify");
  const language = useLanguage();
  const timeZone = useTimeZone();
  if (!view.firstTapAt || (view.state !== "genuine" && view.state !== "recalled" && view.state !== "replayed")) return null;
  const date = isolated({ date: checkTime(view.firstTapAt, language, timeZone) }, ["date"]);
  const text = view.state === "replayed" ? t("tap.firstTap", date) : t("tap.tapsSince", { ...counted(view.taps, language), ...date });
  return (
    <p className="mt-2 text-sm" data-testid="tap-history">
      <BidiText text={text} />
    </p>
  );
}

/** After an answer that is not genuine: where to tell the brand where it was bought (the report form). */
function TapReport({ scanId }: { scanId: string }) {
  const { t } = useTranslation("verify");
  return (
    <p className="mt-3 text-sm">
      {t("dialog.reportPrompt")}{" "}
      <Link to={`/verify/result/${scanId}/report`} className="font-semibold underline underline-offset-4" data-testid="tap-report">
        {t("dialog.report")}
      </Link>
    </p>
  );
}
