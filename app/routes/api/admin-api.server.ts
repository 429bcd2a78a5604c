import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/i18n/middleware.server";

/** Localised messages of the admin API (language from ?lng=, the cookie or Accept-Language). */
export function apiT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(null, "admin");
}
