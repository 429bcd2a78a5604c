import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { tooManyAttempts } from "~/http/rate-limit.server";
import { redirectWithToast } from "~/http/toast.server";
import { requestLanguage, requestT } from "~/i18n/i18n.server";
import { requestTimeZone } from "~/i18n/time-zone";
import { verificationMessage } from "../messages";
import type { CheckAnswer, Verification } from "../verify.server";

/**
 * The answers a shopper's form gets, shared by the verify page (a code) and a pack's page (a PIN):
 * the form again with the reason (`VerifyRefusal`), or Post/Redirect/Get to the result view.
 */

/** A refused submission (nothing to check, not a PIN, too many attempts, the database away): what was typed, the words, a toast. */
export function refusedForm(context: Readonly<RouterContextProvider>, submission: { reply: () => SubmissionResult<string[]> }, value: string, status: number, error: string) {
  const tc = requestT(context, "common");
  return data({ result: submission.reply(), error, value, toast: { type: "error" as const, title: tc("toast.error"), description: error } }, { status });
}

/** A recorded check or PIN redemption: to its result view, its one-line answer as the toast. */
function redirectToResult(request: Request, context: Readonly<RouterContextProvider>, verification: Verification) {
  const t = requestT(context, "verify");
  const tc = requestT(context, "common");
  const recalled = verification.outcome === "recalled";
  return redirectWithToast(`/verify/result/${verification.scanId}`, {
    type: recalled ? "warning" : verification.isValid ? "success" : "error",
    title: recalled ? t("dialog.recalledTitle") : verification.isValid ? tc("toast.success") : tc("toast.error"),
    description: verificationMessage(t, verification, requestLanguage(context), requestTimeZone(request)),
  });
}

/** A check's or a redemption's answer: its result view, or the form again (past the limits 429; nothing to check 400 with `empty`). */
export function answerCheck<R>(request: Request, context: Readonly<RouterContextProvider>, answer: CheckAnswer, refuse: (status: number, error: string) => R, empty: string) {
  if (answer.ok) return redirectToResult(request, context, answer.value);
  if (answer.error === "rate_limited") return refuse(429, tooManyAttempts(context, answer.retryAfterSeconds ?? 60));
  return refuse(400, empty);
}
