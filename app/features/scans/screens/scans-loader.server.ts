import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { products } from "~/platform/catalog/catalog";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { countryOptions } from "~/platform/i18n/countries";
import { listScans, runNames } from "~/features/scans/scan-log.server";
import { scanJson } from "../json";
import { scanFiltersSchema } from "../schemas";

/**
 * The scan log screen for its URL: the filters (validated with the API's schema; a malformed one is
 * shown as the field's error and lists nothing), the page (a page past the end goes to the last one),
 * the rows, and what the filter form offers.
 */
export async function loadScansScreen(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const language = requestLanguage(context);
  const submission = parseWithZod(url.searchParams, { schema: scanFiltersSchema(requestT(context, "protection")) });
  const page = parsePage(url.searchParams.get("page"));
  const filters = submission.status === "success" ? submission.value : null;
  const list = filters ? await listScans(filters, page) : null;
  if (list && isPastEnd(list.pagination)) throw redirect(withPage(url.pathname, url.search, list.pagination.total_pages, ["lng"]));
  const runs = await runNames([...(list?.items ?? []).map((s) => s.batch_id), filters?.batch]);
  const query = new URLSearchParams(url.search);
  query.delete("page");
  query.delete("lng");
  return {
    page,
    result: submission.reply(),
    valid: filters !== null,
    exportQuery: filters ? query.toString() : null,
    pagination: { total_pages: list?.pagination.total_pages ?? 1, total_count: list?.pagination.total_count ?? 0 },
    scans: (list?.items ?? []).map(scanJson),
    products: products.map((p) => ({ id: p.id, name: language === "ar" ? p.nameAr : p.name })),
    runs,
    countries: countryOptions(language),
  };
}

export type ScansScreenData = Awaited<ReturnType<typeof loadScansScreen>>;
