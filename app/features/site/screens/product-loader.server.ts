import { redirect, type RouterContextProvider } from "react-router";
import { getCategory, getProduct, productDescription, productHowToUse, productImages, productName, productSummary } from "~/platform/catalog/catalog";
import { labelFacts, productLabel } from "~/platform/catalog/labels";
import { parseRichText } from "~/platform/catalog/rich-text";
import type { Product } from "~/platform/catalog/types";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import type { RecallFacts } from "~/platform/codes/outcomes";
import { recallShown } from "~/platform/codes/view";
import type { ProductView } from "./product-screen";

/** The product a product page's URL names; a missing or unknown id goes to the catalogue. */
export function pageProduct(id: string | undefined): Product {
  const product = getProduct(id);
  if (!product) throw redirect("/products");
  return product;
}

/**
 * A product's page: `open`, the open recalls of its runs (decision 153; none when the database is
 * away, the page still shows the product), what its EU label says (decision 192) and `jsonLd`, what
 * the page says to machines (decision 193).
 */
export function productPage(context: Readonly<RouterContextProvider>, product: Product, open: readonly (RecallFacts & { lot: string })[], jsonLd: object) {
  const language = requestLanguage(context);
  const category = getCategory(product.category)!;
  const steps = productHowToUse(product, language);
  const label = productLabel(product.id);
  const view: ProductView = {
    id: product.id,
    gtin: toGtin14(product.gtin)!,
    name: productName(product, language),
    summary: productSummary(product, language, 155),
    images: productImages(product, language),
    featured: product.featured,
    category: { name: category.name, title: category.title[language] },
    description: parseRichText(productDescription(product, language)),
    howToUse: steps ? parseRichText(steps) : null,
  };
  return {
    recalls: open.map((recall) => ({ lot: recall.lot, ...recallShown(recall, language)! })),
    label: label ? labelFacts(label, language) : null,
    jsonLd,
    product: view,
    i18n: routeBundles(context, ["catalog"]),
  };
}
