import type { RouterContextProvider } from "react-router";
import { defaultLanguage, isLanguage, type Language } from "./languages";
import { getLocale } from "./middleware.server";
import { bundlesOf, type Bundles, type Resources } from "./resources";

/** What a route's loader sends for `useBundles`: the request's language and those namespaces. */
export function routeBundles(context: Readonly<RouterContextProvider>, names: readonly (keyof Resources)[]): { language: Language; bundles: Bundles } {
  const locale = getLocale(context);
  const language: Language = isLanguage(locale) ? locale : defaultLanguage;
  return { language, bundles: bundlesOf(language, names) };
}
