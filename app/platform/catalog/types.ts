export const categoryNames = ["face", "face-and-body", "sun", "under-arms", "body", "instant-white"] as const;
export type CategoryName = (typeof categoryNames)[number];

export type Localized = { en: string; ar: string };

export type Category = {
  id: string;
  name: CategoryName;
  title: Localized;
  description: Localized;
  /** Square-ish artwork (see CATEGORY_IMAGE_SIZE). */
  image: string;
  imageAlt: Localized;
};

export type Product = {
  id: string;
  name: string;
  nameAr: string;
  category: CategoryName;
  /** Long text; segments in {curly braces} are headings, blank lines separate paragraphs. */
  description: string;
  descriptionAr: string;
  /** Numbered steps ("1. …" one a line); null when the product has none. */
  howToUse: string | null;
  howToUseAr: string | null;
  /** Image paths under /images (see PRODUCT_IMAGE_SIZE); the first is the product's main picture. */
  images: string[];
  /** Alt text for each image, same order and length as `images`. */
  imageAlts: Localized[];
  featured: boolean;
  /** The product's GTIN-13 (GS1 Digital Link QR codes carry it as a GTIN-14): digits, valid check digit. */
  gtin: string;
};

/** Intrinsic size of every product image (SVG artwork, square). */
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 800 } as const;
/** Intrinsic size of every category image. */
export const CATEGORY_IMAGE_SIZE = { width: 800, height: 600 } as const;
/** Intrinsic size of the home hero artwork. */
export const HERO_IMAGE_SIZE = { width: 1200, height: 1000 } as const;
