import { categories } from "~/platform/catalog/categories";
import { products } from "~/platform/catalog/products";
import { languages } from "~/platform/i18n/languages";
import { localizedUrl } from "~/platform/lib/urls";

/** Every public, indexable page: the static pages, each category and each product. */
export function publicPaths(): string[] {
  return [
    "/",
    "/products",
    ...categories.map((category) => `/products/${category.name}`),
    ...products.map((product) => `/product/${encodeURIComponent(product.id)}`),
    "/verify",
    "/contact",
    "/privacy",
    "/terms",
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/**
 * sitemap.xml: one <url> per page and language, each listing all language versions (and x-default)
 * as xhtml:link alternates, as search engines expect for translated pages.
 */
export function buildSitemap(siteUrl: string, paths: string[] = publicPaths()): string {
  const entries = paths.flatMap((path) => {
    const alternates = [
      ...languages.map(
        (lng) => `    <xhtml:link rel="alternate" hreflang="${lng}" href="${escapeXml(localizedUrl(siteUrl, path, lng))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(siteUrl, path, "en"))}"/>`,
    ].join("\n");
    return languages.map((lng) => `  <url>\n    <loc>${escapeXml(localizedUrl(siteUrl, path, lng))}</loc>\n${alternates}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; the admin area and the API may not. */
export function buildRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
