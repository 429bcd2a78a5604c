import type { Language } from "~/platform/i18n/languages";
import {
  categories,
  categoryImage,
  getCategory,
  productImages,
  productName,
  productSummary,
  type CatalogImage,
} from "~/platform/catalog/catalog";
import type { Product } from "~/platform/catalog/types";

/**
 * Localized, serializable shapes the pages need. Loaders build them so the route components never
 * import the catalogue itself (its long texts stay out of the client bundle).
 */
/** What a card needs, already localized by the loader (keeps the catalogue data out of the client bundle). */
export type ProductCardData = {
  id: string;
  name: string;
  categoryTitle: string;
  summary: string;
  image: { src: string; alt: string; width: number; height: number };
  featured: boolean;
};

export function productCard(product: Product, language: Language): ProductCardData {
  return {
    id: product.id,
    name: productName(product, language),
    categoryTitle: getCategory(product.category)?.title[language] ?? product.category,
    summary: productSummary(product, language),
    image: productImages(product, language)[0]!,
    featured: product.featured,
  };
}

export type CategoryView = { name: string; title: string; description: string; image: CatalogImage };

export function categoryViews(language: Language): CategoryView[] {
  return categories.map((c) => ({
    name: c.name,
    title: c.title[language],
    description: c.description[language],
    image: categoryImage(c, language),
  }));
}
