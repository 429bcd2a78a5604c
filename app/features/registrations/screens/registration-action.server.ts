import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { registrationErrors } from "../errors";
import { registerBuyer } from "../sign-up.server";
import { registrationSchema } from "../schemas";
import type { RegistrationRefusal } from "./registration-form";

export const CHECK_INBOX_PATH = "/registrations/check-inbox";

/**
 * The sign-up posted under a genuine result (the result view's own URL): refused with the form's
 * errors (400; 429 past the limit; 503 with the database away), or stored and Post/Redirect/Get to
 * "Check your inbox" with a toast.
 */
export async function registrationAction(request: Request, context: Readonly<RouterContextProvider>, scanId: string | undefined) {
  const t = requestT(context, "registrations");
  const tc = requestT(context, "common");
  const form = await request.formData();
  form.set("scan_id", scanId ?? "");
  const submission = parseWithZod(form, { schema: registrationSchema(t, requestLanguage(context)) });
  const refuse = (status: number, message: string) =>
    data<{ registration: RegistrationRefusal }>({ registration: { result: submission.reply(), message, toast: { type: "error", title: tc("toast.error"), description: message } } }, { status });
  if (submission.status !== "success") return refuse(400, t("form.summary"));
  const stored = await orUnavailable("Registration", () => registerBuyer({ input: submission.value, clientHash: clientHash(request) }));
  if (!stored.ok) return refuse(503, t("form.failed"));
  const created = stored.value;
  if (!created.ok) {
    if (created.error === "rate_limited") return refuse(429, tooManyAttempts(context, created.retryAfterSeconds ?? 60));
    return refuse(registrationErrors.errors[created.error].status, errorMessage(t, registrationErrors, created.error));
  }
  return redirectWithToast(CHECK_INBOX_PATH, { type: "success", title: tc("toast.success"), description: t("sent.toast") });
}
