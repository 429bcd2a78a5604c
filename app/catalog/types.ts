export const categoryNames = ["face", "face-and-body", "sun", "under-arms", "body", "instant-white"] as const;
export type CategoryName = (typeof categoryNames)[number];

export type Localized = { en: string; ar: string };

export type Category = {
  id: string;
  name: CategoryName;
  title: Localized;
  description: Localized;
  image: string;
};

export type Product = {
  id: string;
  name: string;
  nameAr: string;
  category: CategoryName;
  /** Long text; segments in {curly braces} are headings. */
  description: string;
  descriptionAr: string;
  /** Numbered steps; null when the product has none. */
  howToUse: string | null;
  howToUseAr: string | null;
  images: string[];
  featured: boolean;
};
