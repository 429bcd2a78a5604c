import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageMeta } from "~/platform/ui/page-meta";
import type { ProductCardData } from "../views";
import { Breadcrumb } from "./breadcrumb";
import { ProductCard } from "./product-card";

/** The catalogue page as its loader localized it: `requested` is the category in the URL, `current` that category when it exists. */
export type ProductsView = {
  categories: { name: string; title: string }[];
  current: { name: string; title: string; description: string } | null;
  requested: string | null;
  products: ProductCardData[];
};

/** `/products` and `/products/{category}`: the category pills, the product grid, or the empty state. */
export function ProductsScreen({ view }: { view: ProductsView }) {
  const { t } = useTranslation("catalog");
  const { categories, current, requested, products } = view;
  const unknown = requested !== null && current === null;
  const title = current?.title ?? (unknown ? t("metaNotFound") : t("title"));
  const description = current?.description ?? t("subtitle");

  const crumbs = [
    { label: t("home"), to: "/" },
    { label: t("products"), to: "/products" },
    ...(requested !== null ? [{ label: current?.title ?? t("unknownCategory") }] : []),
  ];

  return (
    <div className="mx-auto max-w-7xl px-5 pb-20 pt-8 sm:px-8">
      <PageMeta title={title} description={current ? current.description : t("metaDescription")} noindex={unknown} />
      <Breadcrumb items={crumbs} />

      <header className="mt-6 max-w-2xl">
        <h1 className="section-title">{title}</h1>
        <p className="mt-3 text-ink-700">{description}</p>
      </header>

      <FilterPills categories={categories} current={current?.name ?? (unknown ? null : "all")} />

      {products.length > 0 ? (
        <>
          <p className="mt-6 text-sm text-ink-700" data-testid="product-count">
            {t("count", { count: products.length })}
          </p>
          <ul className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
            {products.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} eager={i < 2} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div data-testid="empty-state" className="mt-10 flex flex-col items-center gap-5 rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-ink-900/5">
          <svg aria-hidden="true" viewBox="0 0 48 48" className="size-12 text-sand-300" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <rect x="14" y="8" width="20" height="8" rx="2" />
            <rect x="11" y="16" width="26" height="26" rx="5" />
            <path d="M19 29h10" />
          </svg>
          <p className="text-lg font-medium text-ink-900">{t("empty")}</p>
          <Link to="/products" className="btn-primary">
            {t("emptyAction")}
          </Link>
        </div>
      )}
    </div>
  );
}

function FilterPills({ categories, current }: { categories: { name: string; title: string }[]; current: string | null }) {
  const { t } = useTranslation("catalog");
  const row = useRef<HTMLUListElement>(null);

  // Bring the current pill into view inside the scrolling row (horizontally only; never moves the page).
  useEffect(() => {
    const el = row.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !active) return;
    const delta = active.getBoundingClientRect().left - el.getBoundingClientRect().left;
    const centred = el.scrollLeft + delta - (el.clientWidth - active.offsetWidth) / 2;
    el.scrollTo({ left: centred });
  }, [current]);

  const pills = [{ name: "all", title: t("allProducts"), to: "/products" }, ...categories.map((c) => ({ ...c, to: `/products/${c.name}` }))];
  return (
    <nav aria-label={t("filterLabel")} className="-mx-5 mt-8 sm:-mx-8">
      <ul
        ref={row}
        className="flex snap-x gap-2 overflow-x-auto px-5 pb-2 [scrollbar-width:thin] sm:px-8"
        data-testid="category-pills"
      >
        {pills.map((pill) => {
          const active = pill.name === current;
          return (
            <li key={pill.name} className="shrink-0 snap-start">
              <Link
                to={pill.to}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className="filter-pill"
              >
                {pill.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
