import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestT, routeBundles } from "~/platform/i18n/i18n.server";
import { picksWithout } from "~/platform/i18n/resources";
import { useBundles } from "~/platform/i18n/use-bundles";
import { CODE_PASTE_MAX } from "~/platform/codes/code-format";
import { verifyLinkPrefill } from "~/features/check/link.server";
import { packPathOf } from "~/features/packs/packs.server";
import { verifySchema } from "~/features/check/schemas";
import { answerCheck, refusedForm, type FormNotice } from "~/features/check/check-answer.server";
import { checkCode, checkRequest } from "~/features/check/verify.server";
import { VerifyScreen } from "~/features/check/screens/verify-screen";
import type { Route } from "./+types/verify";
import { cacheablePage } from "~/platform/http/page-cache";

export const handle = cacheablePage;

/** The verify dictionary but the pack page's words (`verify.pack`: that page sends them itself), and the scanner's button. */
const verifyPicks = [...picksWithout("verify", ["pack"]), "scanner.button"] as const;

/** `?code=` only pre-fills the form; a GET never checks or consumes anything. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...verifyLinkPrefill(request), i18n: routeBundles(context, verifyPicks) };
}

/**
 * A check is always this POST; it answers with a redirect to the result view of its scan. A typed
 * two-part pack's serial (10–12 characters; generated codes have 8) goes to that pack's page instead;
 * a PIN (9 characters) gets the form back with what to do instead (decision 165).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(context, "verify");
  const submission = parseWithZod(await request.formData(), { schema: verifySchema(t) });
  const value = String(submission.payload.code ?? "").slice(0, CODE_PASTE_MAX);
  const refuse = (status: number, error: string, notice?: FormNotice) => refusedForm(context, submission, value, status, error, notice);

  if (submission.status !== "success") return refuse(400, submission.error?.code?.[0] ?? t("form.empty"));
  const code = submission.value.code;
  // A pack's page path (a typed serial), or the code's check.
  const checked = await orUnavailable("Verification", async () => (await packPathOf(code)) ?? checkCode(checkRequest(request, context, code)));
  if (!checked.ok) return refuse(503, t("form.failed"));
  if (typeof checked.value === "string") return redirect(checked.value);
  return answerCheck(request, context, checked.value, refuse, t("form.empty"));
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <VerifyScreen prefill={loaderData.prefill} autoSubmit={loaderData.autoSubmit} refusal={actionData} />;
}
