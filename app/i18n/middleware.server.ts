import { initReactI18next } from "react-i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { defaultLanguage, languages } from "./languages";
import { resources } from "./resources";

/** The visitor's language choice; not secret, so readable over plain http on localhost too. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    // ?lng= from the EN/AR toggle first, then the saved cookie, then the browser's Accept-Language.
    order: ["searchParams", "cookie", "header"],
  },
  i18next: {
    resources: { en: resources.en, ar: resources.ar },
    defaultNS: "common",
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
