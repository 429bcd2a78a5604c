import type { ProductCardData } from "../views";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";


/** A product in the catalogue grid; the whole card links to the product page. */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const { t } = useTranslation("catalog");
  return (
    <article
      data-testid="product-card"
      className="product-card"
    >
      <div className="relative aspect-square overflow-hidden bg-sand-100">
        <img
          src={product.image.src}
          alt={product.image.alt}
          width={product.image.width}
          height={product.image.height}
          loading={eager ? "eager" : "lazy"}
          className="product-card-image"
        />
        {product.featured ? (
          <span data-testid="featured-badge" className="absolute start-3 top-3 rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white shadow-sm">
            {t("featured")}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="product-card-kicker">{product.categoryTitle}</p>
        <h2 className="text-lg font-semibold leading-snug text-ink-900">
          {/* The link's box covers the whole card. */}
          <Link to={`/product/${product.id}`} className="card-cover-link">
            {product.name}
          </Link>
        </h2>
        {/* Clipped by the server at a word boundary; no CSS line clamp, which would cut a word for its ellipsis. */}
        <p className="text-sm text-ink-700" data-testid="product-summary">
          {product.summary}
        </p>
      </div>
    </article>
  );
}
