export default {
  metaTitle: "Skin and body care you can trust",
  metaDescription:
    "Premium creams, soaps, sunscreens and lotions for face and body. Browse the collection and check that your product is genuine with the code on its label.",
  hero: {
    tag: "Premium skin and body care",
    title: "Gentle care for skin that glows",
    description:
      "Creams, soaps, sunscreens and lotions made for every day. Every pack carries a one-time code, so you can be sure it is genuine before it touches your skin.",
    verify: "Verify your product",
    shop: "Browse products",
    imageAlt: "A pump bottle, a sun lotion, a tube, a cream jar and a soap bar arranged on a stone plinth",
  },
  categories: {
    title: "Shop by category",
    subtitle: "Find the right care for face, body and sun, from daily cleansing to high protection.",
    explore: "Explore",
  },
  showcase: {
    title: "From our collection",
    subtitle: "A closer look at the textures and formulas our customers come back to.",
  },
  // The showcase carousel's accessible name: a key of its own, so a home document sends the browser only it (decision 140).
  showcaseLabel: "Featured product images",
};
