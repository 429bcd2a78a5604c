import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { requestTimeZone } from "~/platform/i18n/time-zone";
import { verificationMessage } from "~/platform/codes/messages";
import type { CheckAnswer, Verification } from "./verify.server";

/**
 * The answers a shopper's form gets, shared by the verify page (a code) and a pack's page (a PIN):
 * the form again with the reason (`VerifyRefusal`), or Post/Redirect/Get to the result view.
 */

/**
 * Why the form came back without a result, besides an error: `pin`, a PIN typed where a code goes;
 * `wrong_pin`, a PIN that is not the pack's own (decision 165). Both are mistakes to correct, never a
 * verdict: the page says what to do next, in amber, with the form kept.
 */
export type FormNotice = "pin" | "wrong_pin";

/** A refused submission (nothing to check, not a PIN, too many attempts, the database away): what was typed, the words, a toast. */
export function refusedForm(
  context: Readonly<RouterContextProvider>,
  submission: { reply: (options?: { resetForm?: boolean }) => SubmissionResult<string[]> },
  value: string,
  status: number,
  error: string,
  notice: FormNotice | null = null,
) {
  const tc = requestT(context, "common");
  // A PIN typed where a code goes leaves the field empty for the serial; a wrong PIN stays to be
  // corrected. A notice is said once, beside the field: no toast repeats it.
  const result = notice === "pin" ? submission.reply({ resetForm: true }) : submission.reply();
  const toast = notice ? null : { type: "error" as const, title: tc("toast.error"), description: error };
  return data({ result, error, value: notice === "pin" ? "" : value, notice, toast }, { status });
}

/** A recorded check or PIN redemption: to its result view, its one-line answer as the toast. */
function redirectToResult(request: Request, context: Readonly<RouterContextProvider>, verification: Verification, init?: ResponseInit) {
  const t = requestT(context, "verify");
  const tc = requestT(context, "common");
  const recalled = verification.outcome === "recalled";
  return redirectWithToast(
    `/verify/result/${verification.scanId}`,
    {
      type: recalled ? "warning" : verification.isValid ? "success" : "error",
      title: recalled ? t("dialog.recalledTitle") : verification.isValid ? tc("toast.success") : tc("toast.error"),
      description: verificationMessage(t, verification, requestLanguage(context), requestTimeZone(request)),
    },
    init,
  );
}

type Refuse<R> = (status: number, error: string, notice?: FormNotice) => R;

/**
 * A check's or a redemption's answer: its result view (`init` adds headers to that redirect), or the
 * form again: past the limits 429; nothing to check 400 with `empty`; a PIN typed where a code goes
 * 200 with the `pin` notice; a wrong PIN 400 with the `wrong_pin` notice and the tries left.
 */
export function answerCheck<R>(request: Request, context: Readonly<RouterContextProvider>, answer: CheckAnswer, refuse: Refuse<R>, empty: string, init?: (verification: Verification) => ResponseInit) {
  const t = requestT(context, "verify");
  if (answer.ok && answer.value.outcome === "wrong_pin") {
    return refuse(400, verificationMessage(t, answer.value, requestLanguage(context), requestTimeZone(request)), "wrong_pin");
  }
  if (answer.ok) return redirectToResult(request, context, answer.value, init?.(answer.value));
  if (answer.error === "rate_limited") return refuse(429, tooManyAttempts(context, answer.retryAfterSeconds ?? 60));
  if (answer.error === "pin") return refuse(200, t("pin.message"), "pin");
  return refuse(400, empty);
}
