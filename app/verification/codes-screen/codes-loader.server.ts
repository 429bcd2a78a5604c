import { redirect } from "react-router";
import { products as catalogue } from "~/catalog/catalog";
import { isPastEnd, parsePage } from "~/lib/paging";
import { can, type Role } from "~/team/permissions";
import { endedOf, getCode, listCodes, parseTab, presentCode } from "../codes.server";
import { codesHref } from "./codes-url";

/**
 * Everything the codes screen shows for its URL: the tab and page (junk reads as the Active tab's
 * first page; a page past the end goes to the last one), both counts, the rows, the products to pick
 * from, the code awaiting a no-JavaScript delete confirmation (`?confirm=`), and which controls the
 * member's role may use.
 */
export async function loadCodesScreen(request: Request, role: Role) {
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("status"));
  const page = parsePage(url.searchParams.get("page"));
  const list = await listCodes(tab, page);
  if (isPastEnd(list.pagination)) throw redirect(codesHref(tab, list.pagination.total_pages));

  const confirmCode = await getCode(url.searchParams.get("confirm"));
  return {
    tab,
    page,
    counts: list.counts,
    pagination: { total_pages: list.pagination.total_pages, total_count: list.pagination.total_count },
    codes: list.items.map((c) => ({ ...presentCode(c), ended: endedOf(c) })),
    products: catalogue.map((p) => ({ id: p.id, name: p.name, nameAr: p.nameAr, image: p.images[0] ?? null })),
    confirm: confirmCode && confirmCode.status !== "active" && can(role, "codes:write") ? presentCode(confirmCode) : null,
    /** What this member's role may do here: a viewer sees no write or export controls. */
    can: { write: can(role, "codes:write"), export: can(role, "codes:export") },
  };
}

export type CodesScreenData = Awaited<ReturnType<typeof loadCodesScreen>>;
export type CodeRow = CodesScreenData["codes"][number];
export type ProductOption = CodesScreenData["products"][number];
