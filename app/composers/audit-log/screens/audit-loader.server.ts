import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { apiKeyOf, listAudit, shownFacts } from "../audit-list.server";
import { auditFiltersSchema, type AuditFilters } from "../schemas";
import type { TargetLabeler } from "../target-labels";

/**
 * The audit screen for its URL: the filters (a GET form, so a filtered view is a link), the page
 * (junk reads as 1; past the end goes to the last page) and the entries. Filters that do not read
 * are shown with their error and left out, so the screen always answers. Each entry's target is
 * named by `label` (the route gives the features' naming, ~/composers/audit-log/audit-targets.server), one lookup
 * per kind for the page.
 */
export async function loadAuditScreen(request: Request, context: Readonly<RouterContextProvider>, label: TargetLabeler) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const query = new URLSearchParams(url.searchParams);
  query.delete("page");
  const submission = parseWithZod(query, { schema: auditFiltersSchema(requestT(context, "audit")) });
  const filters: AuditFilters = submission.status === "success" ? stripPage(submission.value) : {};
  const { items, pagination } = await listAudit(filters, page);
  if (isPastEnd(pagination)) throw redirect(withPage(url.pathname, url.search, pagination.total_pages));
  const labels = await label(items.map((entry) => entry.target), requestLanguage(context));
  return {
    page,
    filters,
    result: submission.status === "success" ? null : submission.reply(),
    pagination: { total_pages: pagination.total_pages, total_count: pagination.total_count },
    entries: items.map((entry) => ({ ...entry, api_key: apiKeyOf(entry), facts: shownFacts(entry), target_label: (entry.target && labels.get(entry.target)) || null })),
  };
}

function stripPage({ page: _page, ...filters }: AuditFilters & { page: number }): AuditFilters {
  return filters;
}

export type AuditScreenData = Awaited<ReturnType<typeof loadAuditScreen>>;
export type AuditRow = AuditScreenData["entries"][number];
