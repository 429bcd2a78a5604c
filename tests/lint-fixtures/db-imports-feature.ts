// at: db/fixture-seed.ts
import { products } from "~/catalog/catalog";

export const count = products.length;
