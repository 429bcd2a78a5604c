import { useLocation } from "react-router";
import { useRootData } from "~/platform/ui/root-data";
import type { Language } from "~/platform/i18n/languages";
import { localizedUrl } from "~/platform/lib/urls";

/**
 * Per-page head tags: localized title and description, canonical URL and hreflang alternates
 * (`?lng=en` / `?lng=ar`, the same links the EN/AR toggle uses). React hoists them into <head>.
 */
export function PageMeta({ title, description, noindex = false }: { title: string; description?: string; noindex?: boolean }) {
  const root = useRootData();
  const location = useLocation();
  const site = root?.brand.siteUrl ?? "";
  const brandName = root ? (root.language === "ar" ? root.brand.nameAr : root.brand.name) : "";
  const fullTitle = brandName && !title.includes(brandName) ? `${title} | ${brandName}` : title;
  const path = location.pathname;
  // English lives at the bare path (the canonical), Arabic at ?lng=ar; see app/platform/lib/urls.ts.
  const alternate = (lng: Language) => localizedUrl(site, path, lng);
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:type" content="website" />
      <link rel="canonical" href={alternate(root?.language === "ar" ? "ar" : "en")} />
      <link rel="alternate" hrefLang="en" href={alternate("en")} />
      <link rel="alternate" hrefLang="ar" href={alternate("ar")} />
      <link rel="alternate" hrefLang="x-default" href={`${site}${path}`} />
    </>
  );
}
