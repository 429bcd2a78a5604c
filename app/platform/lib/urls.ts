/**
 * The public address of a page in one language. English (the default) lives at the bare path, Arabic
 * at `?lng=ar`: the same URLs the canonical links, hreflang alternates and the sitemap use.
 */
export function localizedUrl(siteUrl: string, path: string, language: "en" | "ar"): string {
  const base = `${siteUrl.replace(/\/+$/, "")}${path}`;
  return language === "ar" ? `${base}?lng=ar` : base;
}

/** The site's host as a shopper types it (`lunara.example`, `localhost:3000`): printed on labels that say where to go. */
export function siteHost(siteUrl: string): string {
  return new URL(siteUrl).host;
}
