import type { RouterContextProvider } from "react-router";
import { defaultLanguage, inMinutes, isLanguage, type Language } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { clientHash } from "~/request.server";
import type { CheckRequest } from "./verify.server";

/** Glue between a request and the verification domain, shared by the page's action and the API. */

export function requestLanguage(context: Readonly<RouterContextProvider>): Language {
  const locale = getLocale(context);
  return isLanguage(locale) ? locale : defaultLanguage;
}

export function checkRequest(request: Request, context: Readonly<RouterContextProvider>, input: unknown): CheckRequest {
  return {
    input,
    lang: requestLanguage(context),
    clientHash: clientHash(request),
    userAgent: request.headers.get("user-agent") ?? "",
  };
}

export function verifyT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(requestLanguage(context), "verify");
}

export function commonT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(requestLanguage(context), "common");
}

/** "Too many attempts. Please try again in 3 minutes." in the request's language. */
export function tooManyAttempts(context: Readonly<RouterContextProvider>, retryAfterSeconds: number): string {
  return commonT(context)("tooManyAttempts", { when: inMinutes(requestLanguage(context), retryAfterSeconds / 60) });
}
