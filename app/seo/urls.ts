import type { Language } from "~/i18n/languages";

/**
 * The public address of a page in one language. English (the default) lives at the bare path, Arabic
 * at `?lng=ar`: the same URLs the canonical links, hreflang alternates and the sitemap use.
 */
export function localizedUrl(siteUrl: string, path: string, language: Language): string {
  const base = `${siteUrl.replace(/\/+$/, "")}${path}`;
  return language === "ar" ? `${base}?lng=ar` : base;
}
