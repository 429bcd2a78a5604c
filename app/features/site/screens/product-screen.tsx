import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { CatalogImage } from "~/platform/catalog/catalog";
import type { LabelFacts } from "~/platform/catalog/labels";
import type { Segment } from "~/platform/catalog/rich-text";
import { JsonLd } from "~/platform/ui/json-ld";
import { PageMeta } from "~/platform/ui/page-meta";
import { Breadcrumb } from "./breadcrumb";
import { Carousel } from "./carousel";
import { ProductLabelFacts } from "./label-facts";
import { ProductTabs, type ProductTab } from "./product-tabs";

/** A product as its page shows it, localized by the loader (the catalogue's long texts stay out of the client bundle). */
export type ProductView = {
  id: string;
  gtin: string;
  name: string;
  summary: string;
  images: CatalogImage[];
  featured: boolean;
  category: { name: string; title: string };
  description: Segment[];
  howToUse: Segment[] | null;
};

/**
 * A product's page: its pictures, its tabs (description, how to use), the way to check a pack, its
 * label's facts, and `recalls` (the open recalls' notices) first, above the pictures.
 */
export function ProductScreen({ product, label, jsonLd, recalls }: { product: ProductView; label: LabelFacts | null; jsonLd: object; recalls: ReactNode }) {
  const { t } = useTranslation("catalog");
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
      {recalls}
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
      {label ? <ProductLabelFacts facts={label} /> : null}
      <JsonLd data={jsonLd} />
    </div>
  );
}
