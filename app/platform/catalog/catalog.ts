import type { Language } from "~/platform/i18n/languages";
import { categories } from "./categories";
import { products } from "./products";
import { clip, firstParagraph } from "./rich-text";
import {
  CATEGORY_IMAGE_SIZE,
  categoryNames,
  PRODUCT_IMAGE_SIZE,
  type Category,
  type CategoryName,
  type Product,
} from "./types";

export { categories, products };

export type CatalogImage = { src: string; alt: string; width: number; height: number };

export function isCategoryName(value: unknown): value is CategoryName {
  return typeof value === "string" && (categoryNames as readonly string[]).includes(value);
}

export function getCategory(name: string | undefined): Category | undefined {
  return categories.find((c) => c.name === name);
}

export function getProduct(id: string | undefined): Product | undefined {
  return id ? products.find((p) => p.id === id) : undefined;
}

/** Every product, or those of one category (an unknown category has none). */
export function productsIn(category?: string): Product[] {
  return category === undefined ? products : products.filter((p) => p.category === category);
}

export function productName(product: Product, language: Language): string {
  return language === "ar" ? product.nameAr : product.name;
}

export function productDescription(product: Product, language: Language): string {
  return language === "ar" ? product.descriptionAr : product.description;
}

/** The how-to-use text in a language, or null when the product has none. */
export function productHowToUse(product: Product, language: Language): string | null {
  const text = language === "ar" ? product.howToUseAr : product.howToUse;
  return text && text.trim() ? text : null;
}

/** A short plain-text summary: the first paragraph of the description, clipped. */
export function productSummary(product: Product, language: Language, max = 140): string {
  return clip(firstParagraph(productDescription(product, language)), max);
}

/** Every image of a product with its localized alt text and intrinsic size. */
export function productImages(product: Product, language: Language): CatalogImage[] {
  return product.images.map((src, index) => ({
    src,
    alt: product.imageAlts[index]?.[language] ?? productName(product, language),
    ...PRODUCT_IMAGE_SIZE,
  }));
}

export function categoryImage(category: Category, language: Language): CatalogImage {
  return { src: category.image, alt: category.imageAlt[language], ...CATEGORY_IMAGE_SIZE };
}
