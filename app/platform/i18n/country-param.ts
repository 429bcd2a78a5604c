import { z } from "~/platform/lib/zod";
import { isCountryCode } from "./countries";

/** A two-letter country code in any case, upper-cased; anything else gets `message`. */
export const countryParam = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, message)
    .optional();
