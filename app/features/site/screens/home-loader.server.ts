import type { RouterContextProvider } from "react-router";
import { productImages, productName, products } from "~/platform/catalog/catalog";
import { renderedOnly } from "~/platform/http/rendered-only.server";
import { requestLanguage, routeBundles } from "~/platform/i18n/i18n.server";
import { categoryViews } from "../views";
import type { CarouselSlide } from "./carousel";
import type { HomeContent } from "./home-screen";

/** The home page: its static islands' content (decision 140), the slides' count and the words outside the islands. */
export function loadHome(context: Readonly<RouterContextProvider>) {
  const language = requestLanguage(context);
  // One image of every product, alternating pack shots and textures so the strip feels varied.
  const slides: CarouselSlide[] = products.map((product, i) => {
    const images = productImages(product, language);
    const image = images[i % 2 === 0 ? 0 : images.length - 1]!;
    const name = productName(product, language);
    return { ...image, caption: name, href: `/product/${product.id}` };
  });
  const content: HomeContent = { categories: categoryViews(language), slides, i18n: routeBundles(context, ["home"]) };
  return {
    // The hero, the category cards, the showcase's words and the slides: static islands (decision
    // 140), in the hydration data only after a client navigation.
    content: renderedOnly(context, "home", content),
    slideCount: slides.length,
    i18n: routeBundles(context, ["home.metaTitle", "home.metaDescription", "home.showcaseLabel", "catalog.carousel"]),
  };
}
