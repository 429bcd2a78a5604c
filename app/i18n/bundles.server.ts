import type { RouterContextProvider } from "react-router";
import type { Language } from "./languages";
import { requestLanguage } from "./request.server";
import { bundlesOf, type Bundles, type Resources } from "./resources";

/** What a route's loader sends for `useBundles`: the request's language and those namespaces. */
export function routeBundles(context: Readonly<RouterContextProvider>, names: readonly (keyof Resources)[]): { language: Language; bundles: Bundles } {
  const language = requestLanguage(context);
  return { language, bundles: bundlesOf(language, names) };
}
