import { redirect } from "react-router";
import { products as catalogue } from "~/platform/catalog/catalog";
import { isPastEnd, parsePage } from "~/platform/lib/paging";
import { can, type Role } from "~/platform/access/permissions";
import { listBatches, presentBatch } from "../batches.server";
import { BATCHES_PATH } from "./batches-url";

/**
 * The print-runs screen for its URL: one page of runs (a page past the end goes to the last), the
 * products to pick from, and what the member's role may do.
 */
export async function loadBatchesScreen(request: Request, role: Role) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const list = await listBatches(page);
  if (isPastEnd(list.pagination)) throw redirect(`${BATCHES_PATH}?page=${list.pagination.total_pages}`);
  return {
    page,
    pagination: list.pagination,
    batches: list.items.map(presentBatch),
    products: catalogue.map((p) => ({ id: p.id, name: p.name, nameAr: p.nameAr, image: p.images[0] ?? null })),
    /** A viewer reads runs; only staff make one. */
    can: { write: can(role, "batches:write") },
  };
}

export type BatchesScreenData = Awaited<ReturnType<typeof loadBatchesScreen>>;
export type BatchRow = BatchesScreenData["batches"][number];
