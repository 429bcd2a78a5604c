import { createContext, useContext, type ReactNode } from "react";
import type { LiteI18n, LiteT } from "./i18next";

/**
 * The browser's react-i18next, over the small i18next of ./i18next.ts (decision 134): the
 * provider and `useTranslation(ns)`, which is all this site uses. Language changes reload the page
 * (the language toggle is a link), and route dictionaries are added before their components render
 * (`useBundles`), so nothing needs to re-render on i18next's events.
 */
let defaultInstance: LiteI18n | null = null;
const I18nContext = createContext<LiteI18n | null>(null);

export const initReactI18next = {
  type: "3rdParty" as const,
  init(instance: LiteI18n) {
    defaultInstance = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: LiteI18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(ns?: string) {
  const i18n = useContext(I18nContext) ?? defaultInstance;
  if (!i18n) throw new Error("useTranslation: no i18next instance (I18nextProvider missing)");
  const t: LiteT = i18n.getFixedT(null, ns ?? null);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}
