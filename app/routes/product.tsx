import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { getCategory, getProduct, productDescription, productHowToUse, productImages, productName, productSummary } from "~/catalog/catalog";
import { parseRichText, type Segment } from "~/catalog/rich-text";
import { RichText } from "~/ui/rich-text";
import { requestLanguage } from "~/i18n/request.server";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Carousel } from "~/ui/carousel";
import { PageMeta } from "~/ui/page-meta";
import type { Route } from "./+types/product";

export function loader({ params, context }: Route.LoaderArgs) {
  const product = getProduct(params.id);
  // A missing or unknown id goes to the catalogue.
  if (!product) throw redirect("/products");
  const language = requestLanguage(context);
  const category = getCategory(product.category)!;
  const steps = productHowToUse(product, language);
  return {
    product: {
      id: product.id,
      name: productName(product, language),
      summary: productSummary(product, language, 155),
      images: productImages(product, language),
      featured: product.featured,
      category: { name: category.name, title: category.title[language] },
      description: parseRichText(productDescription(product, language)),
      howToUse: steps ? parseRichText(steps) : null,
    },
  };
}

// Switching tabs only changes ?tab=; the product itself stays the same, so no need to reload it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has("lng")) return false;
  return defaultShouldRevalidate;
}

type TabId = "description" | "how-to-use";

export default function Product({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const { product } = loaderData;
  const [searchParams] = useSearchParams();
  const tabs: { id: TabId; label: string; segments: Segment[] }[] = [
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
    </div>
  );
}

/**
 * Description / how-to-use tabs. Each tab is a link to `?tab=…`, so without JavaScript the server
 * renders the chosen panel. With JavaScript they behave as ARIA tabs: one tab stop, arrow keys (mirrored
 * in right-to-left pages), Home/End, and switching without reloading the product.
 */
function ProductTabs({ tabs, selected, label }: { tabs: { id: TabId; label: string; segments: Segment[] }[]; selected: TabId; label: string }) {
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const focusAfter = useRef<TabId | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (focusAfter.current === selected) refs.current[selected]?.focus();
    focusAfter.current = null;
  }, [selected]);

  // Without JavaScript the link reloads the page: the #details fragment brings the visitor back to the tabs.
  const href = (id: TabId) => `?tab=${id}${hydrated ? "" : "#details"}`;

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const rtl = document.documentElement.dir === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let target: number | null = null;
    if (event.key === forward) target = (index + 1) % tabs.length;
    else if (event.key === backward) target = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    const id = tabs[target]!.id;
    focusAfter.current = id;
    refs.current[id]?.focus();
    void navigate(`?tab=${id}`, { replace: true, preventScrollReset: true });
  };

  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;

  return (
    <section id="details" className="mt-8 scroll-mt-24">
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={label} className="flex gap-1 border-b border-ink-900/10">
          {tabs.map((tab, i) => {
            const active = tab.id === current.id;
            return (
              <Link
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                to={href(tab.id)}
                replace
                preventScrollReset
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`panel-${tab.id}`}
                tabIndex={hydrated && !active ? -1 : undefined}
                onKeyDown={(event) => onKeyDown(event, i)}
                className={`-mb-px rounded-t-lg border-b-2 px-4 py-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-accent-700 ${
                  active ? "border-accent-700 text-ink-900" : "border-transparent text-ink-700 hover:text-ink-900"
                }`}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
      ) : (
        <h2 className="border-b border-ink-900/10 pb-3 text-sm font-semibold text-ink-900">{current.label}</h2>
      )}
      <div
        role={tabs.length > 1 ? "tabpanel" : undefined}
        id={`panel-${current.id}`}
        aria-labelledby={tabs.length > 1 ? `tab-${current.id}` : undefined}
        tabIndex={tabs.length > 1 ? 0 : undefined}
        data-testid={`panel-${current.id}`}
        className="rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-700"
      >
        <RichText segments={current.segments} />
      </div>
    </section>
  );
}
