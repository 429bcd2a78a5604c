import { describe, expect, it } from "vitest";
import { categories } from "~/platform/catalog/categories";
import { products } from "~/platform/catalog/products";
import { buildRobots, buildSitemap, publicPaths } from "./sitemap";
import { localizedUrl } from "~/platform/lib/urls";

const site = "https://lunara.example";

describe("public URLs", () => {
  it("puts English at the bare path and Arabic at ?lng=ar", () => {
    expect(localizedUrl(site, "/verify", "en")).toBe("https://lunara.example/verify");
    expect(localizedUrl(site, "/verify", "ar")).toBe("https://lunara.example/verify?lng=ar");
    expect(localizedUrl(`${site}/`, "/", "ar")).toBe("https://lunara.example/?lng=ar");
  });

  it("lists every public page, each category and each product, and nothing of the admin area", () => {
    const paths = publicPaths();
    for (const path of ["/", "/products", "/verify", "/contact", "/privacy", "/terms"]) expect(paths).toContain(path);
    for (const category of categories) expect(paths).toContain(`/products/${category.name}`);
    for (const product of products) expect(paths).toContain(`/product/${product.id}`);
    expect(paths).toHaveLength(6 + categories.length + products.length);
    expect(paths.some((p) => p.startsWith("/admin") || p.startsWith("/api"))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("sitemap.xml", () => {
  const xml = buildSitemap(site, ["/", "/products/face", "/product/a&b"]);

  it("is a urlset with the xhtml namespace", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("has one entry per page and language, each with en, ar and x-default alternates", () => {
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(6);
    const face = urls.filter((u) => u.includes("/products/face"));
    expect(face.map((u) => u.match(/<loc>(.*)<\/loc>/)?.[1])).toEqual([
      "https://lunara.example/products/face",
      "https://lunara.example/products/face?lng=ar",
    ]);
    for (const url of face) {
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://lunara.example/products/face"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://lunara.example/products/face?lng=ar"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://lunara.example/products/face"/>');
    }
  });

  it("escapes XML special characters", () => {
    expect(xml).toContain("<loc>https://lunara.example/product/a&amp;b</loc>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("by default covers the whole public site", () => {
    const full = buildSitemap(site);
    expect((full.match(/<url>/g) ?? []).length).toBe(publicPaths().length * 2);
    expect(full).toContain("<loc>https://lunara.example/privacy?lng=ar</loc>");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of the admin area and the API and points to the sitemap", () => {
    const robots = buildRobots(`${site}/`);
    expect(robots).toContain("User-agent: *");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain("Disallow: /api/\n");
    expect(robots).toContain("Sitemap: https://lunara.example/sitemap.xml");
  });
});
