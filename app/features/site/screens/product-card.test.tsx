import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { products } from "~/platform/catalog/catalog";
import { productCard } from "../views";
import { resources } from "~/platform/i18n/resources";
import { ProductCard } from "./product-card";

async function render(card: ReturnType<typeof productCard>, language: "en" | "ar") {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources, defaultNS: "common", interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ProductCard product={card} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("ProductCard", () => {
  const product = products[0]!;

  it("links to the product with its localized name, image and alt text, and no badge when not featured", async () => {
    const html = await render(productCard(product, "en"), "en");
    expect(html).toContain(`href="/product/${product.id}"`);
    expect(html).toContain(product.name);
    expect(html).toContain(`alt="${product.imageAlts[0]!.en}"`);
    expect(html).toContain('width="800"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("featured-badge");
  });

  it("shows the Featured badge, localized, when the flag is set", async () => {
    const featured = { ...productCard(product, "en"), featured: true };
    expect(await render(featured, "en")).toMatch(/data-testid="featured-badge"[^>]*>Featured</);
    const featuredAr = { ...productCard(product, "ar"), featured: true };
    const html = await render(featuredAr, "ar");
    expect(html).toMatch(/data-testid="featured-badge"[^>]*>مميّز</);
    expect(html).toContain(product.nameAr);
  });
});
