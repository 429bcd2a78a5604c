import { z } from "~/platform/lib/zod";
import { categoryNames } from "./types";

/** The catalogue as `GET /api/v1/products/` answers it (the OpenAPI document's schemas, decision 157). */
const localized = z.object({ en: z.string(), ar: z.string() });

export const productJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  category: z.enum(categoryNames),
  description: z.string(),
  descriptionAr: z.string(),
  howToUse: z.string().nullable(),
  howToUseAr: z.string().nullable(),
  images: z.array(z.string()),
  imageAlts: z.array(localized),
  featured: z.boolean(),
  gtin: z.string(),
});

export const categoryJsonSchema = z.object({
  id: z.string(),
  name: z.enum(categoryNames),
  title: localized,
  description: localized,
  image: z.string(),
  imageAlt: localized,
});
