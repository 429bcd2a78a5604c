import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { Field } from "~/platform/ui/field";
import { AlertCircleIcon, ShieldAlertIcon, ShieldCheckIcon } from "~/platform/ui/icons";
import { useTimeZone } from "~/platform/ui/local-time";
import { PageMeta } from "~/platform/ui/page-meta";
import { SubmitButton } from "~/platform/ui/submit-button";
import { FormToast } from "~/platform/ui/toaster";
import { LEGACY_PIN_LENGTH, PIN_INPUT_MAX } from "~/platform/codes/code-format";
import { checkTime, verificationMessage } from "~/platform/codes/messages";
import type { RecallShown } from "~/platform/codes/view";
import { RecallNotice } from "~/platform/ui/recall-notice";
import { ReportLink } from "~/platform/ui/result-dialog";
import type { VerifyRefusal } from "~/features/check/schemas";

/** What a pack's public page shows (issue 27): never its PIN. */
export type PackPageView = {
  /**
   * A pack's state (packs.server.ts); `unknown`: no pack of this link (an unknown serial or GTIN, or a
   * serial under another product's GTIN or lot); `limited`: past the client's view limit (nothing read).
   */
  state: "sealed" | "verified" | "revoked" | "unknown" | "limited";
  /** What the link named, as printed: the pack's serial (a bare GTIN's link: the GTIN). */
  shown: string;
  /** The view's scan, for the counterfeit report; null for a sealed pack (nothing to report) or a bare GTIN (nothing logged). */
  scanId: string | null;
  product: { id: string; name: string; image: string | null } | null;
  lot: string | null;
  /** Formatted in the page's language. */
  bestBefore: string | null;
  pastBestBefore: boolean;
  /** When its PIN was redeemed (ISO), and the country's name (null when unknown). */
  verifiedAt: string | null;
  country: string | null;
  /** The run's open recall (decision 153): the pack is genuine, but must not be used. */
  recall: RecallShown | null;
  /** When this browser redeemed the pack itself (ISO; decision 165), or null: then it is not warned as a stranger is. */
  ownRedemption: string | null;
  /** How many characters its PIN has (9; 8 for runs before decision 165); null without a pack. */
  pinLength: number | null;
  /** Past the view limit: when to try again. */
  limited: string | null;
};

/** The product a link's GTIN names and its links in the page's language (the resolver's `namedProduct`). */
type NamedProduct = { name: string; links: { href: string; title: string }[] };

const PIN_ID = "pack-pin";

/**
 * A pack's page: the product, its lot and date, and its state in words a shopper acts on (the PIN form
 * while sealed). For a serial we never made, the product its GTIN names (`named`) and that product's
 * links, as the resolver offers them one level up (decision 190).
 */
export function PackScreen({ view, refusal, named }: { view: PackPageView; refusal?: VerifyRefusal; named?: NamedProduct | null }) {
  const { t } = useTranslation("verify");
  return (
    <section className="bg-gradient-to-b from-sand-100 to-sand-50">
      <PageMeta title={t("pack.metaTitle")} noindex />
      <div className="mx-auto max-w-2xl px-5 pb-14 pt-10 sm:px-8 lg:pt-16">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800">
          <ShieldCheckIcon className="size-4" />
          {t("pack.eyebrow")}
        </p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-ink-900 sm:text-4xl">{t("pack.title")}</h1>
        <div className="mt-8 rounded-3xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-7" data-testid="pack" data-state={view.state}>
          {view.product ? <PackFacts view={view} product={view.product} /> : null}
          <StateNotice view={view} />
          {view.state === "unknown" && named && named.links.length > 0 ? <NamedProductLinks named={named} /> : null}
          {view.recall ? <RecallNotice recall={view.recall} lot={view.lot} /> : null}
          {view.state === "sealed" ? <PinForm refusal={refusal} short={view.pinLength === LEGACY_PIN_LENGTH} /> : null}
        </div>
      </div>
    </section>
  );
}

/** The product's picture and name, the serial, lot and best-before date. */
function PackFacts({ view, product }: { view: PackPageView; product: NonNullable<PackPageView["product"]> }) {
  const { t } = useTranslation("verify");
  return (
    <div className="mb-5" data-testid="pack-product">
      <div className="flex items-center gap-4">
        {product.image ? <img src={product.image} alt="" width={80} height={80} className="size-20 shrink-0 rounded-xl bg-sand-50 object-contain" /> : null}
        <h2 className="min-w-0 text-lg font-semibold">
          <Link to={`/product/${product.id}`} className="text-ink-900 underline decoration-accent-700/40 underline-offset-4 hover:text-accent-800">
            {product.name}
          </Link>
        </h2>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-ink-900/10 pt-3 text-sm text-ink-700">
        <dt>{t("pack.serial")}</dt>
        <dd>
          <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono" data-testid="pack-serial">
            {view.shown}
          </bdi>
        </dd>
        <dt>{t("dialog.lot")}</dt>
        <dd>
          <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono" data-testid="pack-lot">
            {view.lot}
          </bdi>
        </dd>
        {view.bestBefore ? (
          <>
            <dt>{t("dialog.bestBefore")}</dt>
            <dd data-testid="pack-best-before">
              <bdi className="whitespace-nowrap">{view.bestBefore}</bdi>
              {view.pastBestBefore ? <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t("pack.pastDate")}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The tone of a state's notice: green (genuine, nothing to fear), amber (act on it), red (do not buy or use). */
type Tone = "valid" | "recalled" | "invalid";

const TONES: Record<Tone, string> = {
  valid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  recalled: "border-amber-300 bg-amber-50 text-amber-950",
  invalid: "border-red-300 bg-red-50 text-red-900",
};

/**
 * The state in words: sealed (ours, its PIN unused, nothing used up), the buyer's own redeemed pack,
 * verified by someone else (a copy if the panel is intact), past the view limit, or the counterfeit
 * answer for a label we never made.
 */
function StateNotice({ view }: { view: PackPageView }) {
  const { t } = useTranslation("verify");
  const language = useLanguage();
  const timeZone = useTimeZone();
  let message: string;
  let tone: Tone;
  if (view.state === "sealed") {
    message = t(view.recall ? "pack.sealedRecalled" : "pack.sealed");
    tone = view.recall ? "recalled" : "valid";
  } else if (view.state === "verified" && view.ownRedemption) {
    message = t("pack.own", isolated({ date: checkTime(view.ownRedemption, language, timeZone) }, ["date"]));
    tone = view.recall ? "recalled" : "valid";
  } else if (view.state === "verified" && view.verifiedAt) {
    const facts = { date: checkTime(view.verifiedAt, language, timeZone), country: view.country ?? t("pack.unknownCountry") };
    message = t("pack.verified", isolated(facts, ["date", "country"]));
    tone = "invalid";
  } else if (view.state === "limited") {
    message = view.limited ?? "";
    tone = "recalled";
  } else {
    const outcome = view.state === "revoked" ? "revoked" : "unknown";
    message = verificationMessage(t, { isValid: false, outcome, input: view.shown, packSerial: view.shown, verifiedAt: null }, language, timeZone);
    tone = "invalid";
  }
  return (
    <div role="status" data-testid="pack-message" data-tone={tone} className={`flex items-start gap-3 rounded-2xl border p-4 ${TONES[tone]}`}>
      {tone === "valid" ? <ShieldCheckIcon className="mt-0.5 size-6 shrink-0" /> : <AlertCircleIcon className="mt-0.5 size-6 shrink-0" />}
      <div>
        <p className="font-medium">
          <BidiText text={message} />
        </p>
        {tone === "invalid" && view.scanId ? <ReportLink scanId={view.scanId} /> : null}
      </div>
    </div>
  );
}

/** A label we never made still names a product of ours: what we publish about it, one level up from the serial. */
function NamedProductLinks({ named }: { named: NamedProduct }) {
  const { t } = useTranslation("verify");
  return (
    <nav aria-labelledby="pack-named-title" className="mt-5 border-t border-ink-900/10 pt-4" data-testid="pack-named">
      <h2 id="pack-named-title" className="font-semibold text-ink-900">
        {t("pack.named.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        <BidiText text={t("pack.named.text", isolated({ product: named.name }, ["product"]))} />
      </p>
      <ul className="mt-3 space-y-2 text-sm">
        {named.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="text-accent-800 underline decoration-accent-700/40 underline-offset-4 hover:text-accent-900">
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The PIN from under the scratch panel; a plain POST to this page (works without JavaScript). After a
 * wrong PIN the form stays with what was typed, and an amber notice says what to check and how many
 * tries are left (decision 165); focus goes back to the field.
 */
function PinForm({ refusal, short }: { refusal?: VerifyRefusal; short: boolean }) {
  const { t } = useTranslation("verify");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const shown = navigation.state === "idle" ? refusal : undefined;
  const wrongPin = shown?.notice === "wrong_pin" ? shown.error : undefined;
  const error = shown && !shown.notice ? shown.error : undefined;
  const hintId = `${PIN_ID}-hint`;
  const errorId = `${PIN_ID}-error`;
  const noticeId = `${PIN_ID}-notice`;
  const described = [wrongPin ? noticeId : null, hintId, error ? errorId : null].filter(Boolean).join(" ");
  // Each refusal puts the focus on what it says: the wrong PIN's notice (in view, the field right under
  // it), else the field (after a client-side submission both stay mounted).
  const input = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown) (notice.current ?? input.current)?.focus();
  }, [shown]);
  return (
    <Form method="post" className="mt-5">
      {shown?.toast ? <FormToast toast={shown.toast} /> : null}
      {wrongPin ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus
        <p ref={notice} id={noticeId} role="alert" tabIndex={-1} autoFocus data-testid="pack-pin-notice" className="mb-4 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 outline-none">
          <ShieldAlertIcon className="mt-0.5 size-6 shrink-0" />
          <span className="font-medium">
            <BidiText text={wrongPin} />
          </span>
        </p>
      ) : null}
      <Field
        label={t("pack.pinLabel")}
        labelFor={PIN_ID}
        labelClassName="block font-medium text-ink-900"
        hint={t(short ? "pack.pinHintShort" : "pack.pinHint")}
        hintId={hintId}
        errors={error ? [error] : null}
        errorId={errorId}
        errorTestId="pack-pin-error"
        errorRole="alert"
      >
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            ref={input}
            id={PIN_ID}
            name="pin"
            type="text"
            defaultValue={refusal?.value ?? ""}
            maxLength={PIN_INPUT_MAX}
            placeholder={t(short ? "pack.pinPlaceholderShort" : "pack.pinPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            autoCorrect="off"
            autoCapitalize="characters"
            inputMode="text"
            dir="ltr"
            // After a refused PIN (not a wrong one: its notice has the focus) the field has it again, also without JavaScript.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={Boolean(shown) && !wrongPin}
            aria-invalid={error || wrongPin ? true : undefined}
            aria-describedby={described}
            className="field-input flex-1 text-center font-mono text-lg uppercase tracking-[0.2em] placeholder:tracking-[0.2em] sm:text-start"
          />
          <SubmitButton pending={pending} label={t("pack.submit")} pendingLabel={t("form.submitting")} className="min-w-44" />
        </div>
      </Field>
    </Form>
  );
}
