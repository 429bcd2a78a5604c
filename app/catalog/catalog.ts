import type { Language } from "~/i18n/languages";
import { categories } from "./categories";
import { products } from "./products";
import { categoryNames, type Category, type CategoryName, type Product } from "./types";

export { categories, products };

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
