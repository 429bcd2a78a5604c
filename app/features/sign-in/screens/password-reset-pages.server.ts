import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { markPrivate } from "~/platform/http/private.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestLanguage, requestT, routeBundles } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { mailConfigured } from "~/platform/mail/mail.server";
import { authErrors } from "~/features/sessions/errors";
import { completePasswordReset, openPasswordReset, requestPasswordReset } from "../password-reset.server";
import { loginAs } from "~/features/sessions/return-to";
import { forgotPasswordSchema, invitationSchema } from "../schemas";

/** A reset page's headers: private, and its token never sent on in a Referer (as the invitation page's). */
const resetHeaders = () => {
  const h = markPrivate(new Headers());
  h.set("Referrer-Policy", "same-origin");
  return h;
};

/** `/admin/forgot-password`: the form, and whether mail leaves the machine (the page says so when not). */
export function loadForgotPassword(context: Readonly<RouterContextProvider>) {
  return { i18n: routeBundles(context, ["auth"]), mailConfigured: mailConfigured() };
}

/**
 * The form's answer: the same "check your mail" for every input (the work happens after it), a
 * localized 429 past the client's limit, the form again when empty. Works without JavaScript.
 */
export async function forgotPasswordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const t = requestT(context, "auth");
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const outcome = await requestPasswordReset({ identifier: submission.value.identifier, clientHash: clientHash(request), lang: requestLanguage(context) });
  if (!outcome.ok) {
    const message = tooManyAttempts(context, outcome.retryAfterSeconds ?? 60);
    return data({ result: submission.reply({ fieldErrors: { identifier: [message] } }), sent: false }, { status: 429 });
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers: markPrivate(new Headers()) });
}

/** `/admin/reset-password/:token`: whose link it is, or 410 when it no longer works. A GET changes nothing. */
export async function loadResetPassword(token: string, context: Readonly<RouterContextProvider>) {
  const reset = await openPasswordReset(token);
  return data({ i18n: routeBundles(context, ["auth"]), reset: reset ? { username: reset.username } : null }, { status: reset ? 200 : 410, headers: resetHeaders() });
}

/** Sets the new password (once), then sends the member to sign in, their username filled in. */
export async function resetPasswordAction(token: string, request: Request, context: Readonly<RouterContextProvider>) {
  const t = requestT(context, "auth");
  const submission = parseWithZod(await request.formData(), { schema: invitationSchema(t) });
  const hide = { hideFields: ["password", "confirm_password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), gone: false }, { status: 400, headers: resetHeaders() });
  const outcome = await completePasswordReset(token, submission.value.password, clientHash(request));
  if (outcome.ok) {
    return redirectWithToast(loginAs(outcome.value.username), { type: "success", title: t("reset.doneTitle"), description: t("reset.doneDescription") }, { headers: resetHeaders() });
  }
  const gone = outcome.error === "reset_invalid";
  const result = submission.reply({ ...hide, fieldErrors: { password: [errorMessage(t, authErrors, outcome.error)] } });
  return data({ result, gone }, { status: gone ? 410 : 400, headers: resetHeaders() });
}
