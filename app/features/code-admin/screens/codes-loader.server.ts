import { redirect, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { pageTooManyAttempts } from "~/platform/http/rate-limit.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { getProduct, products as catalogue } from "~/platform/catalog/catalog";
import { isPastEnd, parsePage } from "~/platform/lib/paging";
import { can } from "~/platform/access/permissions";
import { presentCodesFor } from "~/platform/codes/code-reads.server";
import { endedOf, getCode, listCodes, parseTab } from "../codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { packStateOf } from "~/platform/codes/pack-state";
import { codesFilterOf, codesHref } from "./codes-url";
import { listBatchOptions, lotsOf } from "./batch-options.server";

/**
 * Everything the codes screen shows for its URL: the tab and page (junk reads as the Active tab's
 * first page; a page past the end goes to the last one), the filters (a print run, an exact code),
 * both counts, the rows, the products to pick from, the runs to filter by, the code awaiting a
 * no-JavaScript delete confirmation (`?confirm=`), and which controls the member's role may use.
 * Active codes show masked to a viewer, and in full to staff within their hourly limit (past it the
 * page answers 429; code-reads.server.ts).
 */
export async function loadCodesScreen(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const role = admin.role;
  const url = new URL(request.url);
  let tab = parseTab(url.searchParams.get("status"));
  const page = parsePage(url.searchParams.get("page"));
  const filter = codesFilterOf(url.searchParams);
  const kept = { batch: filter.batch, code: filter.code };
  let result = await listCodes(tab, page, { batchId: filter.batch, code: filter.code });
  // An unknown run (a stale link): the same search without it.
  if (!result.ok) throw redirect(codesHref(tab, 1, { code: filter.code }));
  // An exact search whose code is on the other tab: show that tab here (a redirect would answer
  // before the search is counted, and tell where the code is; decision 170).
  const other = tab === "active" ? "expired" : "active";
  if (filter.code && result.value.counts[tab] === 0 && result.value.counts[other] > 0) {
    tab = other;
    result = await listCodes(tab, 1, { batchId: filter.batch, code: filter.code });
    if (!result.ok) throw redirect(codesHref(tab, 1, { code: filter.code }));
  }
  const list = result.value;
  // Counted (a search always, a page of active codes in full) before any answer that differs with what it finds.
  const shown = await presentCodesFor({ admin, clientHash: clientHash(request) }, list.items, { batchId: filter.batch, page, search: Boolean(filter.code) });
  if (!shown.ok) throw pageTooManyAttempts(context, shown.retryAfterSeconds ?? 60);
  if (isPastEnd(list.pagination)) throw redirect(codesHref(tab, list.pagination.total_pages, kept));
  const confirmCode = await getCode(url.searchParams.get("confirm"));
  const runs = await listBatchOptions();
  const lotOf = await lotsOf(list.items.map((c) => c.batch_id));
  return {
    tab,
    page,
    filter,
    counts: list.counts,
    pagination: { total_pages: list.pagination.total_pages, total_count: list.pagination.total_count },
    // A two-part run's pack shows its serial (presentCode) and its state, never its PIN.
    codes: list.items.map((c, i) => ({
      ...shown.value[i]!,
      ended: endedOf(c),
      lot: c.batch_id ? (lotOf.get(c.batch_id) ?? null) : null,
      pack: c.pack_serial === null ? null : packStateOf(c),
    })),
    products: catalogue.map((p) => ({ id: p.id, name: p.name, nameAr: p.nameAr, image: p.images[0] ?? null })),
    batches: runs.map((r) => {
      const product = getProduct(r.product_id);
      return { id: r.id, lot: r.lot, name: product?.name ?? r.product_id, nameAr: product?.nameAr ?? r.product_id };
    }),
    // The no-JavaScript confirmation: Expire for an active code on the Active tab, Delete for an ended code of no run on the other.
    confirm:
      confirmCode && can(role, "codes:write") && (tab === "active" ? confirmCode.status === "active" : confirmCode.status !== "active" && confirmCode.batch_id === null)
        ? presentCode(confirmCode, can(role, "codes:export") ? "full" : "masked")
        : null,
    /** What this member's role may do here: a viewer sees no write or export controls. */
    can: { write: can(role, "codes:write"), export: can(role, "codes:export") },
  };
}

export type CodesScreenData = Awaited<ReturnType<typeof loadCodesScreen>>;
export type CodeRow = CodesScreenData["codes"][number];
export type ProductOption = CodesScreenData["products"][number];
export type BatchOption = CodesScreenData["batches"][number];
