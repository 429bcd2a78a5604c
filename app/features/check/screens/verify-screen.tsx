import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import type { Toast } from "~/platform/lib/toast";
import { useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { Field } from "~/platform/ui/field";
import { AlertCircleIcon, CheckCircleIcon, ShieldAlertIcon, ShieldCheckIcon } from "~/platform/ui/icons";
import { useLazyValidation } from "~/platform/ui/lazy-validation";
import { useTimeZone } from "~/platform/ui/local-time";
import { PageMeta } from "~/platform/ui/page-meta";
import { SubmitButton } from "~/platform/ui/submit-button";
import { FormToast } from "~/platform/ui/toaster";
import { CODE_PASTE_MAX, formatCode } from "~/platform/codes/code-format";
import { checkTime, verificationMessage } from "~/platform/codes/messages";
import { ReportLink, ResultDialog, resultTone } from "~/platform/ui/result-dialog";
import { ScanButton } from "./scan-button";
import type { ResultView } from "~/platform/codes/view";
import type { VerifyRefusal } from "../schemas";

const FORM_ID = "verify";
/** The code field's id (Conform's `${form}-${field}`): the result dialog gives focus back to it. */
export const CODE_INPUT_ID = `${FORM_ID}-code`;


type Props = {
  /** Pre-filled code (from `?code=`), already grouped. */
  prefill?: string;
  /** Submit the pre-filled code once by itself (JavaScript only; the server decides when that is safe). */
  autoSubmit?: boolean;
  /** The result of a recorded check (the result view). */
  result?: ResultView;
  /** An action's refusal. */
  refusal?: VerifyRefusal;
  /** What follows a result's banner (the route's sign-up for safety notices, decision 162). */
  children?: React.ReactNode;
  /** Whether the result's dialog opens (not again when the page answers a form under the result). */
  dialog?: boolean;
};

/** The verify page: the form, the banner and dialog of a result, and the explanations around them. */
export function VerifyScreen({ prefill = "", autoSubmit = false, result, refusal, children, dialog = true }: Props) {
  const { t } = useTranslation("verify");
  return (
    <>
      <PageMeta title={result ? t("resultMetaTitle") : t("metaTitle")} description={t("metaDescription")} noindex={Boolean(result)} />
      <section className="bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 pb-14 pt-10 sm:px-8 lg:grid-cols-[1.1fr_0.9fr] lg:items-center lg:gap-16 lg:pb-14 lg:pt-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800">
              <ShieldCheckIcon className="size-4" />
              {t("hero.eyebrow")}
            </p>
            <h1 className="mt-4 text-3xl font-semibold tracking-tight text-ink-900 sm:text-4xl lg:text-5xl">{t("hero.title")}</h1>
            <p className="mt-4 max-w-xl text-lg text-ink-700">{t("hero.lead")}</p>

            <div className="mt-8 rounded-3xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-7">
              <VerifyForm key={result?.scanId ?? "verify"} prefill={prefill} autoSubmit={autoSubmit} refusal={refusal} />
              {result ? <ResultBanner result={result} /> : null}
              {result ? children : null}
            </div>
          </div>

          <figure className="mx-auto w-full max-w-md lg:max-w-none">
            <img
              src="/scan-guide.svg"
              width={480}
              height={400}
              alt={t("guide.imageAlt")}
              className="h-auto w-full rounded-3xl"
            />
          </figure>
        </div>
      </section>

      <StaticContent />

      {result && dialog ? <ResultDialog key={result.scanId} result={result} returnFocusTo={CODE_INPUT_ID} /> : null}
    </>
  );
}

const loadValidator = () => import("./validate-form").then((m) => m.verifyFormValidator);

/** The code form. Empty input never reaches the server once the browser's validator has loaded. */
function VerifyForm({ prefill, autoSubmit, refusal }: { prefill: string; autoSubmit: boolean; refusal?: VerifyRefusal }) {
  const { t } = useTranslation("verify");
  const { t: tc } = useTranslation("common");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/verify";
  const { validator, formProps } = useLazyValidation(loadValidator);
  const validate = useMemo(() => validator?.(t), [validator, t]);
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? refusal?.result : undefined,
    defaultValue: { code: prefill },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  const shown = navigation.state === "idle" ? refusal : undefined;
  // A PIN typed here: what to do instead, said once above the field (decision 165).
  const pinNotice = shown?.notice === "pin" ? shown.error : undefined;
  // The field's error: the browser's or the server's; a refusal with no field error (a limit) says its own.
  const error = fields.code.errors?.[0] ?? (shown && !shown.notice ? shown.error : undefined);
  // A new toast for each refused submission, even with the same words.
  const toast = useMemo<Toast | null>(
    () => (error ? { type: "error", title: tc("toast.error"), description: error } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [error, fields.code.errors, refusal],
  );
  const formRef = useAutoSubmit(autoSubmit);
  const submit = useSubmit();
  // A code read by the scanner from this site's verify link: filled in and sent, as the link does.
  const sendScanned = useCallback(
    (code: string) => {
      const form = formRef.current;
      const input = form?.elements.namedItem(fields.code.name);
      if (!form || !(input instanceof HTMLInputElement)) return;
      input.value = formatCode(code);
      void submit(form, { method: "post", action: "/verify" });
    },
    [formRef, fields.code.name, submit],
  );

  const hintId = `${CODE_INPUT_ID}-hint`;
  const noticeId = `${CODE_INPUT_ID}-notice`;
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "text", ariaDescribedBy: hintId });
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pinNotice) noticeRef.current?.focus();
  }, [pinNotice, shown]);
  return (
    <Form ref={formRef} method="post" action="/verify" {...getFormProps(form)} {...formProps} aria-label={t("hero.title")}>
      {toast ? <FormToast toast={toast} /> : null}
      {pinNotice ? (
        // The notice has the focus (read first, in view; the field is right below it), also without JavaScript.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        <div ref={noticeRef} id={noticeId} role="alert" tabIndex={-1} autoFocus data-testid="verify-pin-notice" className="mb-5 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 outline-none">
          <ShieldAlertIcon className="mt-0.5 size-6 shrink-0" />
          <p className="font-medium">{pinNotice}</p>
        </div>
      ) : null}
      <Field
        label={t("form.label")}
        labelFor={fields.code.id}
        labelClassName="block font-medium text-ink-900"
        hint={t("form.hint")}
        hintId={hintId}
        errors={error ? [error] : null}
        errorId={fields.code.errorId}
        errorTestId="verify-error"
        errorRole="alert"
      >
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            {...codeProps}
            key={codeKey}
            dir="ltr"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={CODE_PASTE_MAX}
            placeholder={t("form.placeholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={[pinNotice ? noticeId : null, hintId, error ? fields.code.errorId : null].filter(Boolean).join(" ")}
            className="field-input flex-1 text-center font-mono text-lg uppercase tracking-[0.2em] placeholder:tracking-[0.2em] sm:text-start"
          />
          <SubmitButton pending={pending} label={t("form.submit")} pendingLabel={t("form.submitting")} className="min-w-44" />
        </div>
      </Field>
      <ScanButton onCode={sendScanned} />
    </Form>
  );
}

/**
 * `/verify?code=…` pre-fills; with JavaScript the page then sends the POST itself, exactly once: the
 * ref survives React's development double effects, the navigation replaces this history entry, and
 * nothing is sent from a back/forward visit or a page rendered in the background (prerendering).
 * Returns the ref the form to send takes.
 */
function useAutoSubmit(autoSubmit: boolean) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    if (entry?.type === "back_forward") {
      autoSubmitted.current = true;
      return;
    }
    const run = () => {
      if (autoSubmitted.current || document.visibilityState !== "visible" || !formRef.current) return;
      autoSubmitted.current = true;
      document.removeEventListener("visibilitychange", run);
      void submit(formRef.current, { method: "post", action: "/verify", replace: true });
    };
    run();
    if (autoSubmitted.current) return;
    document.addEventListener("visibilitychange", run);
    return () => document.removeEventListener("visibilitychange", run);
  }, [autoSubmit, submit]);
  return formRef;
}

const BANNER = {
  valid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  recalled: "border-amber-300 bg-amber-50 text-amber-950",
  invalid: "border-red-300 bg-red-50 text-red-900",
} as const;

/** The server's one-line answer under the form: green for a genuine product, amber for a recalled one, red otherwise. */
function ResultBanner({ result }: { result: ResultView }) {
  const { t } = useTranslation("verify");
  const tone = resultTone(result);
  const language = useLanguage();
  const timeZone = useTimeZone();
  const checkedAt = t("result.checkedAt", isolated({ date: checkTime(result.checkedAt, language, timeZone) }, ["date"]));
  return (
    <div
      role="status"
      data-testid="verify-banner"
      data-valid={result.isValid ? "true" : "false"}
      data-tone={tone}
      className={`mt-5 flex items-start gap-3 rounded-2xl border p-4 ${BANNER[tone]}`}
    >
      {tone === "valid" ? <CheckCircleIcon className="mt-0.5 size-6 shrink-0" /> : <AlertCircleIcon className="mt-0.5 size-6 shrink-0" />}
      <div>
        <p className="font-medium" data-testid="verify-message">
          <BidiText text={verificationMessage(t, result, language, timeZone)} />
        </p>
        <p className="mt-1 text-sm opacity-90" data-testid="checked-at">
          <BidiText text={checkedAt} />
        </p>
        {result.isValid ? null : <ReportLink scanId={result.scanId} />}
      </div>
    </div>
  );
}

/** What the page explains below the form: the guide, the features, why it matters, the promise and the questions. */
function StaticContent() {
  return (
    <div className="mx-auto max-w-6xl space-y-16 px-5 pb-16 pt-6 sm:px-8 lg:space-y-24 lg:pb-24 lg:pt-10">
      <GuideSection />
      <FeaturesAndWhy />
      <CommitmentSection />
      <FaqSection />
    </div>
  );
}

/** Where the code is printed and the three steps of a check. */
function GuideSection() {
  const { t } = useTranslation("verify");
  const steps = t("explainer.steps", { returnObjects: true });
  return (
    <section aria-labelledby="verify-guide">
      <div className="max-w-2xl">
        <h2 id="verify-guide" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t("guide.title")}
        </h2>
        <p className="mt-3 text-ink-700">{t("guide.body")}</p>
      </div>
      <h3 className="mt-10 text-lg font-semibold text-ink-900">{t("explainer.title")}</h3>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.title} className="rounded-2xl border border-ink-900/10 bg-white p-6">
            <span className="flex size-9 items-center justify-center rounded-full bg-accent-700 font-semibold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <p className="mt-4 font-semibold text-ink-900">{step.title}</p>
            <p className="mt-1 text-ink-700">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the check gives a shopper, and why it matters. */
function FeaturesAndWhy() {
  const { t } = useTranslation("verify");
  const features = t("features.items", { returnObjects: true });
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="verify-features" className="rounded-3xl bg-accent-50 p-7 sm:p-9">
        <h2 id="verify-features" className="text-2xl font-semibold tracking-tight">
          {t("features.title")}
        </h2>
        <ul className="mt-5 space-y-3">
          {features.map((item) => (
            <li key={item} className="flex items-start gap-3 text-ink-700">
              <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-accent-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="verify-why" className="rounded-3xl border border-ink-900/10 bg-white p-7 sm:p-9">
        <h2 id="verify-why" className="text-2xl font-semibold tracking-tight">
          {t("why.title")}
        </h2>
        <p className="mt-4 text-ink-700">{t("why.body")}</p>
      </section>
    </div>
  );
}

/** The brand's promise and the way to reach it. */
function CommitmentSection() {
  const { t } = useTranslation("verify");
  return (
    <section aria-labelledby="verify-commitment" className="rounded-3xl bg-ink-900 px-7 py-10 text-sand-50 sm:px-12">
      <h2 id="verify-commitment" className="text-2xl font-semibold tracking-tight">
        {t("commitment.title")}
      </h2>
      <p className="mt-4 max-w-3xl text-sand-100">{t("commitment.body")}</p>
      <Link
        to="/contact"
        className="mt-6 inline-flex items-center justify-center rounded-full bg-sand-50 px-6 py-3 font-semibold text-ink-900 transition hover:bg-sand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sand-50"
      >
        {t("commitment.contact")}
      </Link>
    </section>
  );
}

/** Questions shoppers ask, each opening in place. */
function FaqSection() {
  const { t } = useTranslation("verify");
  const faq = t("faq.items", { returnObjects: true });
  return (
    <section aria-labelledby="verify-faq" className="mx-auto max-w-3xl">
      <h2 id="verify-faq" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t("faq.title")}
      </h2>
      <div className="mt-6 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
        {faq.map((item) => (
          <details key={item.q} className="group px-5 py-4 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-700 [&::-webkit-details-marker]:hidden">
              {item.q}
              <span aria-hidden="true" className="text-xl leading-none text-ink-500 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-ink-700">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
