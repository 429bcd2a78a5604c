import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { tooManyAttempts } from "~/http/rate-limit.server";
import { redirectWithToast } from "~/http/toast.server";
import { orUnavailable } from "~/http/unavailable.server";
import { requestLanguage, requestT, routeBundles } from "~/i18n/i18n.server";
import { useBundles } from "~/i18n/use-bundles";
import { requestTimeZone } from "~/i18n/time-zone";
import { CODE_PASTE_MAX } from "~/verification/code-format";
import { verifyLinkPrefill } from "~/verification/link.server";
import { verifySchema } from "~/verification/schemas";
import { verificationMessage } from "~/verification/messages";
import { checkCode, checkRequest } from "~/verification/verify.server";
import { VerifyScreen } from "~/verification/screens/verify-screen";
import type { Route } from "./+types/verify";
import { cacheablePage } from "~/http/page-cache";

export const handle = cacheablePage;

/** `?code=` only pre-fills the form; a GET never checks or consumes anything. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...verifyLinkPrefill(request), i18n: routeBundles(context, ["verify", "scanner.button"]) };
}

/** A check is always this POST; it answers with a redirect to the result view of its scan. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(context, "verify");
  const tc = requestT(context, "common");
  const submission = parseWithZod(await request.formData(), { schema: verifySchema(t) });
  const value = String(submission.payload.code ?? "").slice(0, CODE_PASTE_MAX);
  const refuse = (status: number, error: string) =>
    data({ result: submission.reply(), error, value, toast: { type: "error" as const, title: tc("toast.error"), description: error } }, { status });

  if (submission.status !== "success") return refuse(400, submission.error?.code?.[0] ?? t("form.empty"));
  const checked = await orUnavailable("Verification", () => checkCode(checkRequest(request, context, submission.value.code)));
  if (!checked.ok) return refuse(503, t("form.failed"));
  const answer = checked.value;
  if (!answer.ok) {
    if (answer.error === "rate_limited") return refuse(429, tooManyAttempts(context, answer.retryAfterSeconds ?? 60));
    return refuse(400, t("form.empty"));
  }
  const verification = answer.value;
  return redirectWithToast(`/verify/result/${verification.scanId}`, {
    type: verification.isValid ? "success" : "error",
    title: verification.isValid ? tc("toast.success") : tc("toast.error"),
    description: verificationMessage(t, verification, requestLanguage(context), requestTimeZone(request)),
  });
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <VerifyScreen prefill={loaderData.prefill} autoSubmit={loaderData.autoSubmit} refusal={actionData} />;
}
