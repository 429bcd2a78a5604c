import { data, type RouterContextProvider } from "react-router";
import { getCategory, productsIn } from "~/platform/catalog/catalog";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { categoryViews, productCard } from "../views";
import type { ProductsView } from "./products-screen";

/** The catalogue, all of it or one category's (`name`); an unknown category still answers its empty state, as a 404. */
export function loadProducts(context: Readonly<RouterContextProvider>, name: string | undefined) {
  const language = requestLanguage(context);
  const category = name === undefined ? undefined : getCategory(name);
  const cards = productsIn(name).map((p) => productCard(p, language));
  const view: ProductsView = {
    categories: categoryViews(language).map(({ name, title }) => ({ name, title })),
    current: category ? { name: category.name, title: category.title[language], description: category.description[language] } : null,
    requested: name ?? null,
    products: cards,
  };
  const payload = {
    ...view,
    // The catalogue's words but the product page's and the carousel's.
    i18n: routeBundles(context, [
      "catalog.metaDescription",
      "catalog.metaNotFound",
      "catalog.title",
      "catalog.subtitle",
      "catalog.allProducts",
      "catalog.filterLabel",
      "catalog.home",
      "catalog.products",
      "catalog.unknownCategory",
      "catalog.count",
      "catalog.empty",
      "catalog.emptyAction",
      "catalog.featured",
    ]),
  };
  return data(payload, { status: name !== undefined && !category ? 404 : 200 });
}
