import { useTranslation } from "react-i18next";
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { getCategory, getProduct, productDescription, productHowToUse, productImages, productName, productSummary } from "~/platform/catalog/catalog";
import { ProductLabelFacts } from "~/features/site/screens/label-facts";
import { labelFacts, productLabel } from "~/platform/catalog/labels";
import { ProductTabs, type ProductTab } from "~/features/site/screens/product-tabs";
import { parseRichText } from "~/platform/catalog/rich-text";
import { productRecalls } from "~/features/batches/recalls.server";
import { ProductRecalls } from "~/features/batches/screens/product-recalls";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { Breadcrumb } from "~/features/site/screens/breadcrumb";
import { Carousel } from "~/features/site/screens/carousel";
import { JsonLd } from "~/platform/ui/json-ld";
import { PageMeta } from "~/platform/ui/page-meta";
import type { Route } from "./+types/product";
import { cacheablePage } from "~/platform/http/page-cache";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { productJsonLd } from "~/features/resolver/json-ld.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import { recallShown } from "~/platform/codes/view";

export const handle = cacheablePage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = getProduct(params.id);
  // A missing or unknown id goes to the catalogue.
  if (!product) throw redirect("/products");
  const language = requestLanguage(context);
  const category = getCategory(product.category)!;
  const steps = productHowToUse(product, language);
  // The open recalls of its runs (decision 153); the page still shows the product when the database is away.
  const recalls = await orUnavailable("Product recalls", () => productRecalls(product.id));
  const open = recalls.ok ? recalls.value : [];
  const label = productLabel(product.id);
  return {
    recalls: open.map((recall) => ({ lot: recall.lot, ...recallShown(recall, language)! })),
    // What its EU label says (decision 192) and what the page says to machines (decision 193).
    label: label ? labelFacts(label, language) : null,
    jsonLd: productJsonLd(product, language, open),
    product: {
      id: product.id,
      gtin: toGtin14(product.gtin)!,
      name: productName(product, language),
      summary: productSummary(product, language, 155),
      images: productImages(product, language),
      featured: product.featured,
      category: { name: category.name, title: category.title[language] },
      description: parseRichText(productDescription(product, language)),
      howToUse: steps ? parseRichText(steps) : null,
    },
    i18n: routeBundles(context, ["catalog"]),
  };
}

// Switching tabs only changes ?tab=; the product itself stays the same, so no need to reload it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has("lng")) return false;
  return defaultShouldRevalidate;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("catalog");
  const { product } = loaderData;
  const [searchParams] = useSearchParams();
  const tabs: ProductTab[] = [
    { id: "description", label: t("product.description"), segments: product.description },
    ...(product.howToUse ? [{ id: "how-to-use" as const, label: t("product.howToUse"), segments: product.howToUse }] : []),
  ];
  const requested = searchParams.get("tab");
  const selected = tabs.find((tab) => tab.id === requested) ?? tabs[0]!;

  return (
    <div className="mx-auto max-w-6xl px-5 pb-20 pt-8 sm:px-8">
      <PageMeta title={product.name} description={product.summary} />
      <Breadcrumb
        items={[
          { label: t("home"), to: "/" },
          { label: t("products"), to: "/products" },
          { label: product.category.title, to: `/products/${product.category.name}` },
          { label: product.name },
        ]}
      />
      {/* A recall comes first, above the pictures: on a phone it is on the first screen (issue 38). */}
      <ProductRecalls recalls={loaderData.recalls} product={{ name: product.name, image: product.images[0]?.src ?? null, gtin: product.gtin }} />
      {/* The companion QR of an NFC tag (issue 41) opens this page with ?tap: the tag, not the QR, proves the pack. */}
      {searchParams.has("tap") ? (
        <aside className="mt-6 rounded-2xl border border-accent-700/30 bg-accent-50 p-4 text-ink-900" data-testid="tap-the-tag">
          <h2 className="font-semibold">{t("product.tapTitle")}</h2>
          <p className="mt-1 text-sm text-ink-700">{t("product.tapText")}</p>
        </aside>
      ) : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:gap-16">
        <Carousel
          slides={product.images}
          label={t("product.galleryLabel", { name: product.name })}
          eagerFirst
          sizes="(min-width: 1024px) 560px, 100vw"
          className="w-full lg:sticky lg:top-24 lg:self-start"
        />

        <div>
          <Link
            to={`/products/${product.category.name}`}
            data-testid="category-badge"
            className="inline-flex items-center rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800 transition hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700"
          >
            <span className="sr-only">{t("product.category")}: </span>
            {product.category.title}
          </Link>
          <h1 className="mt-4 font-display text-3xl font-semibold leading-tight tracking-tight text-ink-900 sm:text-4xl rtl:tracking-normal">
            {product.name}
          </h1>

          <ProductTabs tabs={tabs} selected={selected.id} label={t("product.tabsLabel")} />

          <aside className="mt-10 flex flex-col gap-4 rounded-3xl bg-sand-100 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="font-semibold text-ink-900">{t("product.verifyTitle")}</h2>
              <p className="mt-1 text-sm text-ink-700">{t("product.verifyText")}</p>
            </div>
            <Link to="/verify" className="btn-primary shrink-0">
              {t("product.verifyCta")}
            </Link>
          </aside>
        </div>
      </div>
      {loaderData.label ? <ProductLabelFacts facts={loaderData.label} /> : null}
      <JsonLd data={loaderData.jsonLd} />
    </div>
  );
}
