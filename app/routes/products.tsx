import { useBundles } from "~/platform/i18n/use-bundles";
import { loadProducts } from "~/features/site/screens/products-loader.server";
import { ProductsScreen } from "~/features/site/screens/products-screen";
import type { Route } from "./+types/products";
import { cacheablePage } from "~/platform/http/page-cache";

export const handle = cacheablePage;

// Serves both /products and /products/:category (two route ids, one module).
export function loader({ params, context }: Route.LoaderArgs) {
  return loadProducts(context, "category" in params ? (params.category as string | undefined) : undefined);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ProductsScreen view={loaderData} />;
}
