import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HERO_IMAGE_SIZE } from "~/platform/catalog/types";
import type { Language } from "~/platform/i18n/languages";
import type { Bundles } from "~/platform/i18n/resources";
import { useBundles } from "~/platform/i18n/use-bundles";
import { ShieldCheckIcon } from "~/platform/ui/icons";
import { PageMeta } from "~/platform/ui/page-meta";
import { Island, useRenderedOnly } from "~/platform/ui/static-island";
import type { CategoryView } from "../views";
import { Carousel, type CarouselSlide } from "./carousel";

/** The home page's static islands' content (decision 140): `null` in a document's hydration data. */
export type HomeContent = { categories: CategoryView[]; slides: CarouselSlide[]; i18n: { language: Language; bundles: Bundles } };

/** The home page: the hero, the category cards and the showcase with its carousel. */
export function HomeScreen({ content: fromLoader, slideCount, language }: { content: HomeContent | null; slideCount: number; language: Language }) {
  const content = useRenderedOnly("home", fromLoader);
  useBundles(language, content?.i18n.bundles);
  const { t } = useTranslation("home");
  return (
    <>
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />

      <Island as="section" content={content} aria-labelledby="hero-title" className="hero">
        {() => <Hero />}
      </Island>

      <Island as="section" content={content} aria-labelledby="categories-title" className="home-section">
        {({ categories }) => <CategoryCards categories={categories} />}
      </Island>

      <section aria-labelledby="showcase-title" className="bg-sand-100/70">
        <div className="home-section showcase-grid">
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
          <Carousel slides={content?.slides ?? null} count={slideCount} label={t("showcaseLabel")} className="mx-auto w-full max-w-lg" />
        </div>
      </section>
    </>
  );
}

/** The hero: the brand's promise, the two calls to action and the hero image. */
function Hero() {
  const { t } = useTranslation("home");
  return (
    <div className="hero-grid">
      <div className="max-w-xl">
        <p className="hero-tag">
          <span aria-hidden="true" className="hero-tag-dot" />
          {t("hero.tag")}
        </p>
        <h1 id="hero-title" className="hero-title">
          {t("hero.title")}
        </h1>
        <p className="hero-text">{t("hero.description")}</p>
        <div className="hero-actions">
          <Link to="/verify" className="btn-primary" data-testid="hero-verify">
            <ShieldCheckIcon />
            {t("hero.verify")}
          </Link>
          <Link to="/products" className="btn-secondary" data-testid="hero-products">
            {t("hero.shop")}
          </Link>
        </div>
      </div>
      <div className="hero-figure">
        <img
          src="/images/hero.svg"
          alt={t("hero.imageAlt")}
          width={HERO_IMAGE_SIZE.width}
          height={HERO_IMAGE_SIZE.height}
          fetchPriority="high"
          className="hero-image"
        />
      </div>
    </div>
  );
}

/** The category cards, each a link to its product list. */
function CategoryCards({ categories }: { categories: CategoryView[] }) {
  const { t } = useTranslation("home");
  return (
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
                className="category-card-image"
              />
              <span className="category-card-body">
                <span className="category-card-title">{category.title}</span>
                <span className="category-card-text">{category.description}</span>
                <span className="category-card-more">{t("categories.explore")}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
