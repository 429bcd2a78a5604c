import type { ShouldRevalidateFunctionArgs } from "react-router";
import { ProductRecalls } from "~/features/batches/screens/product-recalls";
import { productRecalls } from "~/features/batches/recalls.server";
import { productJsonLd } from "~/features/resolver/json-ld.server";
import { pageProduct, productPage } from "~/features/site/screens/product-loader.server";
import { ProductScreen } from "~/features/site/screens/product-screen";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import type { Route } from "./+types/product";
import { cacheablePage } from "~/platform/http/page-cache";

export const handle = cacheablePage;

/** The product's page with the open recalls of its runs (batches) and its JSON-LD (the resolver's). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const product = pageProduct(params.id);
  // The page still shows the product when the database is away.
  const recalls = await orUnavailable("Product recalls", () => productRecalls(product.id));
  const open = recalls.ok ? recalls.value : [];
  return productPage(context, product, open, productJsonLd(product, requestLanguage(context), open));
}

// Switching tabs only changes ?tab=; the product itself stays the same, so no need to reload it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has("lng")) return false;
  return defaultShouldRevalidate;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { product, recalls } = loaderData;
  const recalled = { name: product.name, image: product.images[0]?.src ?? null, gtin: product.gtin };
  return (
    <ProductScreen product={product} label={loaderData.label} jsonLd={loaderData.jsonLd} recalls={<ProductRecalls recalls={recalls} product={recalled} />} />
  );
}
