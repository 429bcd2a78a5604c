// at: db/fixture-seed.ts
import { products } from "~/platform/catalog/catalog";

export const count = products.length;
