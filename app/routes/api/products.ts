import { categories, isCategoryName, productsIn } from "~/platform/catalog/catalog";
import { categoryNames } from "~/platform/catalog/types";
import { apiRoute } from "~/platform/http/api.server";
import { apiError, apiOk } from "~/platform/http/envelope.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { categoryJsonSchema, productJsonSchema } from "~/platform/catalog/json";

const contract = {
  GET: {
    tag: "Catalogue",
    summary: "List products",
    description: "The catalogue. `?category=` narrows it to one category; `?include=categories` answers `{products, categories}` instead of the list.",
    query: z.object({ category: z.enum(categoryNames).optional(), include: z.enum(["categories"]).optional() }),
    answers: [ok(z.union([z.array(productJsonSchema), z.object({ products: z.array(productJsonSchema), categories: z.array(categoryJsonSchema) })]), "The products (with `include=categories`, products and categories).")],
    errors: [400],
    cache: "public, max-age=300",
  },
} satisfies ApiContract;

/**
 * GET /api/v1/products/ — the catalogue in the envelope: `data` is the list of products (the same
 * built-in data the pages use). `?category=<name>` narrows it to one category;
 * `?include=categories` answers `{products, categories}` instead.
 */
const route = apiRoute(contract, {
  GET: ({ request }) => {
    const url = new URL(request.url);
    const category = url.searchParams.get("category");
    if (category !== null && !isCategoryName(category)) {
      return apiError(400, "Unknown category", { category: [`must be one of ${categoryNames.join(", ")}`] });
    }
    const list = productsIn(category ?? undefined);
    const cache = { "Cache-Control": "public, max-age=300" };
    if (url.searchParams.get("include") === "categories") {
      return apiOk({ products: list, categories }, "Products retrieved successfully", { headers: cache });
    }
    return apiOk(list, "Products retrieved successfully", { headers: cache });
  },
});

export const loader = route.loader;
export const action = route.action;
