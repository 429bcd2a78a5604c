import { createInstance } from "i18next";
import ar from "../../locales/ar";
import en from "../../locales/en";
import type { Lang } from "./fixtures";

/**
 * The site's own dictionaries through a real i18next, for specs that expect a rendered message
 * (plural forms included: Arabic picks one of six by `count`, as the server does).
 */
const i18n = createInstance();
void i18n.init({ resources: { en, ar }, lng: "en", fallbackLng: "en", interpolation: { escapeValue: false } });

/** `tr("ar", "contact:form.nameTooLong", { count: 100 })`: a key as "namespace:path". */
export function tr(lang: Lang, key: string, options: Record<string, unknown> = {}): string {
  const t = i18n.getFixedT(lang) as unknown as (key: string, options: Record<string, unknown>) => string;
  return t(key, options);
}
