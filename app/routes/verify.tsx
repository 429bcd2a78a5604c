import { createIsbotFromList, list as botPatterns } from "isbot";
import { data } from "react-router";
import { formatCode, MAX_CODE_LENGTH, normalizeCode } from "~/verification/code-format";
import { requestLanguage, requestT } from "~/i18n/request.server";
import { tooManyAttempts } from "~/rate-limit.server";
import { checkRequest } from "~/verification/request.server";
import { verificationMessage, checkCode } from "~/verification/verify.server";
import { VerifyPage } from "~/verification/verify-page";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/verify";

/**
 * Crawlers and link previewers never get the auto-submit. A headless browser is not one of them: it is
 * a real browser driven by a person's script (automated shopper checks, accessibility tools), and it
 * only submits after running the page's JavaScript, which previewers do not do.
 */
const isPreviewBot = createIsbotFromList(botPatterns.filter((pattern) => !/headless/i.test(pattern)));

/** Prefetches and prerenders announce themselves; they never start a check. */
function isSpeculative(request: Request): boolean {
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}

/** `?code=` only pre-fills the form; a GET never checks or consumes anything. */
export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("code") ?? "";
  const normalized = normalizeCode(raw).slice(0, MAX_CODE_LENGTH);
  const prefill = normalized ? formatCode(normalized) : "";
  const userAgent = request.headers.get("user-agent") ?? "";
  return { prefill, autoSubmit: prefill !== "" && !isPreviewBot(userAgent) && !isSpeculative(request) };
}

/** A check is always this POST; it answers with a redirect to the result view of its scan. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const input = form.get("code");
  const value = typeof input === "string" ? input.slice(0, 64) : "";
  const t = requestT(context, "verify");
  const tc = requestT(context, "common");
  const refuse = (status: number, error: string) =>
    data({ error, value, toast: { type: "error" as const, title: tc("toast.error"), description: error } }, { status });

  try {
    const answer = await checkCode(checkRequest(request, context, input));
    if (answer.kind === "empty") return refuse(400, t("form.empty"));
    if (answer.kind === "limited") {
      return refuse(429, tooManyAttempts(context, answer.retryAfterSeconds));
    }
    const { verification } = answer;
    return redirectWithToast(`/verify/result/${verification.scanId}`, {
      type: verification.isValid ? "success" : "error",
      title: verification.isValid ? tc("toast.success") : tc("toast.error"),
      description: verificationMessage(t, verification, requestLanguage(context)),
    });
  } catch (error) {
    console.error("Verification failed:", error);
    return refuse(503, t("form.failed"));
  }
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyPage prefill={loaderData.prefill} autoSubmit={loaderData.autoSubmit} formError={actionData} />;
}
