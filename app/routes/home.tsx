import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productImages, productName, products } from "~/catalog/catalog";
import { HERO_IMAGE_SIZE } from "~/catalog/types";
import { categoryViews } from "~/catalog/views";
import { requestLanguage, routeBundles } from "~/i18n/i18n.server";
import { useBundles } from "~/i18n/use-bundles";
import { Carousel, type CarouselSlide } from "~/ui/carousel";
import { ShieldCheckIcon } from "~/ui/icons";
import { PageMeta } from "~/ui/page-meta";
import type { Route } from "./+types/home";
import { cacheablePage } from "~/http/page-cache";
import { renderedOnly } from "~/http/rendered-only.server";
import { Island, useRenderedOnly } from "~/ui/static-island";

export const handle = cacheablePage;

export function loader({ context }: Route.LoaderArgs) {
  const language = requestLanguage(context);
  // One image of every product, alternating pack shots and textures so the strip feels varied.
  const slides: CarouselSlide[] = products.map((product, i) => {
    const images = productImages(product, language);
    const image = images[i % 2 === 0 ? 0 : images.length - 1]!;
    const name = productName(product, language);
    return { ...image, caption: name, href: `/product/${product.id}` };
  });
  return {
    // The hero, the category cards, the showcase's words and the slides: static islands (decision
    // 140), in the hydration data only after a client navigation.
    content: renderedOnly(context, "home", { categories: categoryViews(language), slides, i18n: routeBundles(context, ["home"]) }),
    slideCount: slides.length,
    i18n: routeBundles(context, ["home.metaTitle", "home.metaDescription", "home.showcase", "catalog.carousel"]),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const content = useRenderedOnly("home", loaderData.content);
  useBundles(loaderData.i18n.language, content?.i18n.bundles);
  const { t } = useTranslation("home");
  return (
    <>
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />

      <Island
        as="section"
        content={content}
        aria-labelledby="hero-title"
        className="relative isolate overflow-hidden bg-gradient-to-b from-sand-100 to-sand-50"
      >
        {() => (
          <div className="mx-auto grid min-h-[calc(100svh-var(--spacing-header))] max-w-6xl items-center gap-10 px-5 py-12 sm:px-8 lg:grid-cols-2 lg:gap-16 lg:py-16">
            <div className="max-w-xl">
              <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-medium text-accent-700 ring-1 ring-accent-700/15">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-accent-600" />
                {t("hero.tag")}
              </p>
              <h1
                id="hero-title"
                className="mt-6 font-display text-4xl font-semibold leading-tight tracking-tight text-ink-900 sm:text-5xl lg:text-6xl rtl:tracking-normal"
              >
                {t("hero.title")}
              </h1>
              <p className="mt-5 text-lg leading-relaxed text-ink-700">{t("hero.description")}</p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Link to="/verify" className="btn-primary" data-testid="hero-verify">
                  <ShieldCheckIcon />
                  {t("hero.verify")}
                </Link>
                <Link to="/products" className="btn-secondary" data-testid="hero-products">
                  {t("hero.shop")}
                </Link>
              </div>
            </div>
            <div className="relative mx-auto w-full max-w-md lg:max-w-none">
              <img
                src="/images/hero.svg"
                alt={t("hero.imageAlt")}
                width={HERO_IMAGE_SIZE.width}
                height={HERO_IMAGE_SIZE.height}
                fetchPriority="high"
                className="h-auto w-full rounded-[2.5rem] shadow-xl shadow-ink-900/5"
              />
            </div>
          </div>
        )}
      </Island>

      <Island as="section" content={content} aria-labelledby="categories-title" className="mx-auto max-w-6xl px-5 py-16 sm:px-8 lg:py-24">
        {({ categories }) => (
          <>
            <div className="max-w-2xl">
              <h2 id="categories-title" className="section-title">
                {t("categories.title")}
              </h2>
              <p className="mt-3 text-ink-700">{t("categories.subtitle")}</p>
            </div>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-cards">
              {categories.map((category) => (
                <li key={category.name}>
                  <Link to={`/products/${category.name}`} className="category-card">
                    <img
                      src={category.image.src}
                      alt={category.image.alt}
                      width={category.image.width}
                      height={category.image.height}
                      loading="lazy"
                      decoding="async"
                      className="category-card-image"
                    />
                    <span className="category-card-body">
                      <span className="category-card-title">{category.title}</span>
                      <span className="category-card-text">{category.description}</span>
                      <span className="category-card-more">
                        {t("categories.explore")}
                        <span aria-hidden="true" className="card-arrow" />
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Island>

      <section aria-labelledby="showcase-title" className="bg-sand-100/70">
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-10 px-5 py-16 sm:px-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:py-24">
          <Island content={content} className="max-w-md">
            {() => (
              <>
                <h2 id="showcase-title" className="section-title">
                  {t("showcase.title")}
                </h2>
                <p className="mt-3 text-ink-700">{t("showcase.subtitle")}</p>
                <Link to="/products" className="btn-secondary mt-8">
                  {t("hero.shop")}
                </Link>
              </>
            )}
          </Island>
          <Carousel slides={content?.slides ?? null} count={loaderData.slideCount} label={t("showcase.label")} className="mx-auto w-full max-w-lg" />
        </div>
      </section>
    </>
  );
}
