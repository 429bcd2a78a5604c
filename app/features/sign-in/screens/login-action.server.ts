import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { formText } from "~/platform/lib/form-text";
import { appendCookies, readSessionCookies, sessionCookies } from "~/features/sessions/cookies.server";
import { deviceCookieAfterSignIn, readDeviceToken } from "../device-cookie.server";
import { authErrors } from "~/features/sessions/errors";
import { markPrivate } from "~/platform/http/private.server";
import { loginSchema, mfaSchema } from "../schemas";
import { attemptLogin, completeMfaLogin, type SignedIn } from "../login.server";
import { NEXT_PARAM, safeNext } from "~/features/sessions/return-to";
import { endSession } from "~/features/sessions/sessions.server";
import { requestSignInLink } from "../sign-in-link.server";

const text = (form: FormData, name: string) => formText(form, name, 256);

/** The second step the page shows: the token of this sign-in and the account it is for. */
export type MfaStep = { token: string; username: string };

/** A sign-in link for a new browser (decision 171): offered with a refused attempt (for the name tried), or asked for. */
export type SignInLinkState = { offer: string } | { sent: true };

/**
 * The login page's action (`/admin`): the password step, then, with two-factor on, the code step
 * (the page renders it with the step's token in a hidden field, so it works without JavaScript).
 * A refusal renders the form again with its alert; a completed sign-in redirects to the dashboard, or
 * back to the admin page the member was on when their session ended (`next`).
 */
export async function loginPageAction(request: Request, context: Readonly<RouterContextProvider>) {
  const t = requestT(context, "auth");
  const form = await request.formData();
  const headers = markPrivate(new Headers());
  const client = { clientKey: clientHash(request), deviceToken: readDeviceToken(request), userAgent: request.headers.get("User-Agent") ?? "" };
  const failed = (description: string) => ({ title: t("toast.loginFailed"), description });
  const limited = (retryAfterSeconds = 60) => {
    headers.set("Retry-After", String(retryAfterSeconds));
    return failed(tooManyAttempts(context, retryAfterSeconds));
  };

  if (text(form, "intent") === "sign_in_link") {
    // The same answer for every name (the request is only queued); the form is limited per client.
    const username = text(form, "username");
    const asked = username ? await requestSignInLink({ identifier: username, clientHash: client.clientKey, lang: requestLanguage(context) }) : null;
    if (asked && !asked.ok) return data({ result: null, failure: limited(asked.retryAfterSeconds), mfa: null }, { status: 429, headers });
    const link: SignInLinkState = { sent: true };
    return data({ result: null, failure: null, mfa: null, link }, { headers });
  }

  if (text(form, "intent") === "mfa") {
    const mfa: MfaStep = { token: text(form, "mfa_token"), username: text(form, "username") };
    const submission = parseWithZod(form, { schema: mfaSchema(t) });
    const result = submission.reply({ hideFields: ["code"] });
    if (submission.status !== "success") return data({ result, failure: null, mfa }, { status: 400, headers });
    const outcome = await completeMfaLogin({ mfaToken: submission.value.mfa_token, code: submission.value.code, ...client });
    if (outcome.ok) return signedIn(request, context, outcome.value, headers, form);
    if (outcome.error === "rate_limited") return data({ result, failure: limited(outcome.retryAfterSeconds), mfa }, { status: 429, headers });
    // An expired step goes back to the password form; a wrong code stays on the code form.
    const failure = failed(errorMessage(t, authErrors, outcome.error));
    if (outcome.error === "invalid_code") return data({ result, failure, mfa }, { status: 401, headers });
    return data({ result: null, failure, mfa: null }, { status: 401, headers });
  }

  const submission = parseWithZod(form, { schema: loginSchema(t) });
  const result = submission.reply({ hideFields: ["password"] });
  if (submission.status !== "success") return data({ result, failure: null, mfa: null }, { status: 400, headers });
  const outcome = await attemptLogin({ ...submission.value, ...client });
  if (!outcome.ok) {
    if (outcome.error === "rate_limited") {
      const link: SignInLinkState = { offer: submission.value.username.trim().toLowerCase() };
      return data({ result, failure: limited(outcome.retryAfterSeconds), mfa: null, link }, { status: 429, headers });
    }
    return data({ result, failure: failed(t("toast.invalidCredentials")), mfa: null }, { status: 401, headers });
  }
  if (outcome.value.step === "mfa_required") {
    const mfa: MfaStep = { token: outcome.value.mfaToken, username: submission.value.username.trim().toLowerCase() };
    return data({ result, failure: null, mfa }, { headers });
  }
  return signedIn(request, context, outcome.value, headers, form);
}

async function signedIn(request: Request, context: Readonly<RouterContextProvider>, value: SignedIn, headers: Headers, form: FormData) {
  const t = requestT(context, "auth");
  // Signing in again from a browser that still holds an older session ends that older session.
  await endSession(readSessionCookies(request)).catch(() => null);
  appendCookies(headers, [...sessionCookies(value.tokens), ...deviceCookieAfterSignIn(request, value.admin.username)]);
  const welcome = { type: "success" as const, title: t("toast.loginSuccess"), description: t("toast.loginSuccessDescription") };
  // Back to the page the member was on when the session ended, if the sign-in page was opened from there.
  return redirectWithToast(safeNext(form.get(NEXT_PARAM)) ?? "/admin/dashboard", welcome, { headers });
}

