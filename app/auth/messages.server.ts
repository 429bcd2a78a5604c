import type { RouterContextProvider } from "react-router";
import { defaultLanguage, inMinutes, isLanguage } from "../i18n/languages";
import { getInstance, getLocale } from "../i18n/middleware.server";

/** Localized texts of the login page and the auth API answers (Accept-Language, the lng cookie or ?lng=). */
export function authText(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context);
  const language = isLanguage(locale) ? locale : defaultLanguage;
  const i18n = getInstance(context);
  const t = i18n.getFixedT(language, "auth");
  const tc = i18n.getFixedT(language, "common");
  return {
    language,
    t,
    loginMessages: { usernameMin: t("validation.usernameMin"), passwordMin: t("validation.passwordMin"), tooLong: t("validation.tooLong") },
    tooManyAttempts: (retryAfterSeconds: number) => tc("tooManyAttempts", { when: inMinutes(language, retryAfterSeconds / 60) }),
  };
}
