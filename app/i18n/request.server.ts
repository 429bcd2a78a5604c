import type { RouterContextProvider } from "react-router";
import type en from "../../locales/en";
import { defaultLanguage, isLanguage, type Language } from "./languages";
import { getInstance, getLocale } from "./middleware.server";

type Namespace = keyof typeof en;

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
