import { categories, isCategoryName, productsIn } from "~/catalog/catalog";
import { categoryNames } from "~/catalog/types";
import { apiRoute } from "~/http/api.server";
import { apiError, preparedOk } from "~/http/envelope.server";
import { ok, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { categoryJsonSchema, productJsonSchema } from "~/catalog/json";

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

const CACHE = { "Cache-Control": "public, max-age=300" };
/** The catalogue is built in: each of its answers (a category, with the categories or not) is encoded and gzipped once. */
const answers = new Map<string, (request: Request) => Response>();
function answer(request: Request, category: string | undefined, withCategories: boolean): Response {
  const key = `${category ?? ""}|${withCategories}`;
  let prepared = answers.get(key);
  if (!prepared) {
    const list = productsIn(category);
    prepared = preparedOk(withCategories ? { products: list, categories } : list, "Products retrieved successfully", { headers: CACHE });
    answers.set(key, prepared);
  }
  return prepared(request);
}

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
    return answer(request, category ?? undefined, url.searchParams.get("include") === "categories");
  },
});

export const loader = route.loader;
export const action = route.action;
