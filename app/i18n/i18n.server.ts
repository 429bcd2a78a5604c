import { initReactI18next } from "react-i18next";
import { createCookie, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { defaultLanguage, isLanguage, languages, type Language } from "./languages";
import { bundlesOf, resources, type Bundles, type Resources } from "./resources";

/**
 * i18n on the server, in one place: the language cookie, the middleware that detects each request's
 * language, and what loaders, actions and API routes ask of it (`requestLanguage`, `requestT`,
 * `routeBundles`).
 */

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

type Namespace = keyof Resources;

/**
 * The language of the request being answered (?lng=, the language cookie, then Accept-Language, as
 * the i18n middleware detected it). Every loader, action and API route asks here.
 */
export function requestLanguage(context: Readonly<RouterContextProvider>): Language {
  const locale = getLocale(context);
  return isLanguage(locale) ? locale : defaultLanguage;
}

/** A `t` for one namespace in the request's language, for loaders, actions and API answers. */
export function requestT<N extends Namespace>(context: Readonly<RouterContextProvider>, namespace: N) {
  return getInstance(context).getFixedT(requestLanguage(context), namespace);
}

/** What a route's loader sends for `useBundles`: the request's language and those namespaces. */
export function routeBundles(context: Readonly<RouterContextProvider>, names: readonly Namespace[]): { language: Language; bundles: Bundles } {
  const language = requestLanguage(context);
  return { language, bundles: bundlesOf(language, names) };
}
