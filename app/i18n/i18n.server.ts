import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { defaultLanguage, isLanguage, languages, type Language } from "./languages";
import { bundlesOf, resources, type BundlePick, type Bundles, type Resources } from "./resources";

/**
 * i18n on the server, in one place: the language cookie, the middleware that detects each request's
 * language, and what loaders, actions and API routes ask of it (`requestLanguage`, `requestT`,
 * `routeBundles`).
 *
 * One i18next holds every dictionary and is initialized once, when the server starts; each language
 * has one clone of it fixed to that language (sharing its store), which the document renders with.
 * A request only detects its language and picks that clone: nothing is created per request
 * (remix-i18next's middleware built and initialized a whole instance for every request, about 13 % of
 * a page's CPU; decision 130). remix-i18next still does the detection.
 */

/** The visitor's language choice; not secret, so readable over plain http on localhost too. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const detector = new LanguageDetector({
  supportedLanguages: [...languages],
  fallbackLanguage: defaultLanguage,
  cookie: languageCookie,
  // ?lng= from the EN/AR toggle first, then the saved cookie, then the browser's Accept-Language.
  order: ["searchParams", "cookie", "header"],
});

function createShared(): i18n {
  const instance = createInstance({
    resources: { en: resources.en, ar: resources.ar },
    lng: defaultLanguage,
    defaultNS: "common",
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false },
    // Every dictionary is in memory: initialize synchronously, at import.
    initAsync: false,
  });
  instance.use(initReactI18next);
  void instance.init();
  return instance;
}

const shared = createShared();

/** One instance per language, fixed to it, sharing the one store (what `I18nextProvider` is given). */
const byLanguage = Object.fromEntries(
  languages.map((language) => {
    const clone = shared.cloneInstance({ lng: language, initAsync: false });
    return [language, clone];
  }),
) as Record<Language, i18n>;

const languageContext = createContext<Language>(defaultLanguage);

/** The request's language: `?lng=`, the language cookie, then Accept-Language, else English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const detected = await detector.detect(request);
  return isLanguage(detected) ? detected : defaultLanguage;
}

/** Detects the request's language and keeps it in the context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(languageContext, await detectLanguage(request));
  return next();
};

/** The detected language of this request. */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

/** The shared i18next fixed to this request's language (its `t` speaks that language). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return byLanguage[getLocale(context)];
}

type Namespace = keyof Resources;

/**
 * The language of the request being answered (?lng=, the language cookie, then Accept-Language, as
 * the i18n middleware detected it). Every loader, action and API route asks here.
 */
export function requestLanguage(context: Readonly<RouterContextProvider>): Language {
  return getLocale(context);
}

const fixedTs = new Map<string, unknown>();

/**
 * A `t` for one namespace in one language, made once and kept. A key asked for without options (a
 * message with nothing to fill in) is translated once and remembered: the dictionaries never change
 * while the server runs, and i18next copies its whole options object on every call (decision 175).
 */
export function fixedT<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  const key = `${language}:${namespace}`;
  let t = fixedTs.get(key) as TFunction<N> | undefined;
  if (!t) {
    const translate = shared.getFixedT(language, namespace) as unknown as (...args: unknown[]) => unknown;
    const plain = new Map<string, unknown>();
    t = ((...args: unknown[]) => {
      const [wanted] = args;
      if (args.length !== 1 || typeof wanted !== "string") return translate(...args);
      if (plain.has(wanted)) return plain.get(wanted);
      const text = translate(wanted);
      // Keys come from the code; a bound all the same, should one ever come from a request.
      if (plain.size < 5000) plain.set(wanted, text);
      return text;
    }) as unknown as TFunction<N>;
    fixedTs.set(key, t);
  }
  return t;
}

/** A `t` for one namespace in the request's language, for loaders, actions and API answers. */
export function requestT<N extends Namespace>(context: Readonly<RouterContextProvider>, namespace: N) {
  return fixedT(requestLanguage(context), namespace);
}

/** What a route's loader sends for `useBundles`: the request's language and those dictionaries (see `bundlesOf`). */
export function routeBundles(context: Readonly<RouterContextProvider>, picks: readonly BundlePick[]): { language: Language; bundles: Bundles } {
  const language = requestLanguage(context);
  return { language, bundles: bundlesOf(language, picks) };
}
