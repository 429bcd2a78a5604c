import type { Product } from "./types";

/** The twelve products. Filled with the public-site work. */
export const products: Product[] = [];
