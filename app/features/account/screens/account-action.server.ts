import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { clientHash } from "~/platform/http/client.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { formText } from "~/platform/lib/form-text";
import { errorMessage } from "~/platform/lib/errors";
import type { Toast } from "~/platform/lib/toast";
import { changePassword, confirmMfa, disableMfa, endOtherSessions, endOwnSession, renewRecoveryCodes, setOwnEmail, setOwnNotices, startMfaEnrolment } from "../own-account.server";
import { codeSchema, noticesSchema, ownEmailSchema, passwordFormSchema } from "~/features/sign-in/schemas";
import { appendCookies, clearedSessionCookies } from "~/features/sessions/cookies.server";
import { authErrors, type AuthError } from "~/features/sessions/errors";
import { markPrivate } from "~/platform/http/private.server";
import { ACCOUNT_PATH } from "~/features/sessions/guard.server";
import type { AdminIdentity } from "~/platform/access/identity";

const text = (form: FormData, name: string) => formText(form, name, 1024);

/**
 * The account page's actions: change the password, the e-mail address, the notices, set up / confirm / turn off two-factor, new
 * recovery codes, end a session or every other one. A done change redirects back with a toast
 * (Post/Redirect/Get, with or without JavaScript); refused input answers the form again with its
 * error; new recovery codes are answered in the page itself, once, never through a cookie or a URL.
 */
export async function accountAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "account");
  const ta = requestT(context, "auth");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const intent = text(form, "intent");
  const who = { admin, clientHash: clientHash(request) };
  const done = (description: string, to = ACCOUNT_PATH): Promise<Response> => redirectWithToast(to, { type: "success", title: tc("toast.success"), description } satisfies Toast);
  const refusal = (error: AuthError | "rate_limited", retryAfterSeconds?: number) =>
    error === "rate_limited" ? tooManyAttempts(context, retryAfterSeconds ?? 60) : errorMessage(ta, authErrors, error);

  switch (intent) {
    case "password": {
      const submission = parseWithZod(form, { schema: passwordFormSchema(ta, t("password.mismatch")) });
      const hide = { hideFields: ["current_password", "new_password", "confirm_password"] };
      if (submission.status !== "success") return data({ intent, result: submission.reply(hide) }, { status: 400 });
      const outcome = await changePassword(who, { current: submission.value.current_password, next: submission.value.new_password });
      if (outcome.ok) return done(t("password.changed"), admin.mustChangePassword ? "/admin/dashboard" : `${ACCOUNT_PATH}#password`);
      const field = outcome.error === "wrong_password" || outcome.error === "rate_limited" ? "current_password" : "new_password";
      const result = submission.reply({ ...hide, fieldErrors: { [field]: [refusal(outcome.error, outcome.retryAfterSeconds)] } });
      return data({ intent, result }, { status: outcome.error === "rate_limited" ? 429 : 400 });
    }
    case "email": {
      const submission = parseWithZod(form, { schema: ownEmailSchema(ta) });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const outcome = await setOwnEmail(who, submission.value.email ?? null);
      if (!outcome.ok) return data({ intent, result: submission.reply({ fieldErrors: { email: [refusal(outcome.error)] } }) }, { status: 409 });
      return done(submission.value.email ? t("email.saved") : t("email.removed"), `${ACCOUNT_PATH}#email`);
    }
    case "notices": {
      const submission = parseWithZod(form, { schema: noticesSchema(ta) });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const outcome = await setOwnNotices(who, submission.value.notify, requestLanguage(context));
      if (!outcome.ok) return data({ intent, result: submission.reply({ fieldErrors: { notify: [refusal(outcome.error)] } }) }, { status: outcome.error === "forbidden" ? 403 : 400 });
      return done(t(`notices.saved.${submission.value.notify}`), `${ACCOUNT_PATH}#notices`);
    }
    case "mfa-start": {
      await startMfaEnrolment(who);
      return redirectWithToast(`${ACCOUNT_PATH}#two-factor`, { type: "success", title: tc("toast.success"), description: t("mfa.scan") });
    }
    case "mfa-confirm":
    case "mfa-disable":
    case "codes-renew": {
      const submission = parseWithZod(form, { schema: codeSchema(ta, t("mfa.codeRequired")) });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
      const code = submission.value.code;
      const outcome = intent === "mfa-confirm" ? await confirmMfa(who, code) : intent === "mfa-disable" ? await disableMfa(who, code) : await renewRecoveryCodes(who, code);
      if (!outcome.ok) {
        const result = submission.reply({ hideFields: ["code"], fieldErrors: { code: [refusal(outcome.error, outcome.retryAfterSeconds)] } });
        return data({ intent, result }, { status: outcome.error === "rate_limited" ? 429 : 400 });
      }
      if (intent === "mfa-disable") return done(t("mfa.disabled"), `${ACCOUNT_PATH}#two-factor`);
      // Shown once, in this answer: the codes never travel in a cookie or a URL.
      const recoveryCodes = (outcome.value as { recoveryCodes: string[] }).recoveryCodes;
      return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes, toast: intent === "mfa-confirm" ? t("mfa.enabled") : t("mfa.renewed") }, { headers: markPrivate(new Headers()) });
    }
    case "session-end": {
      const outcome = await endOwnSession(who, text(form, "session"));
      if (!outcome.ok) return redirectWithToast(`${ACCOUNT_PATH}#sessions`, { type: "error", title: tc("toast.error"), description: refusal(outcome.error) });
      if (!outcome.value.current) return done(t("sessions.ended"), `${ACCOUNT_PATH}#sessions`);
      // Signing this browser out is logging out.
      const headers = appendCookies(new Headers(), clearedSessionCookies());
      return redirectWithToast("/admin", { type: "success", title: ta("toast.logoutSuccess"), description: ta("toast.logoutSuccessDescription") }, { headers });
    }
    case "sessions-end-others": {
      const ended = await endOtherSessions(who);
      return done(t("sessions.othersEnded", { count: ended }), `${ACCOUNT_PATH}#sessions`);
    }
    default:
      return redirectWithToast(ACCOUNT_PATH, { type: "error", title: tc("toast.error"), description: requestT(context, "team")("errors.unknownAction") });
  }
}

export type AccountActionData = { intent: string; result?: SubmissionResult<string[]>; recoveryCodes?: string[]; toast?: string };
