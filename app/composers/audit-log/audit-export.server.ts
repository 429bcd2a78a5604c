import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { requestT } from "~/platform/i18n/i18n.server";
import { auditCsv } from "./audit-list.server";
import { auditBy, recordAudit, type AuditActor } from "~/platform/audit/audit.server";
import { auditFiltersSchema, type AuditFilters } from "./schemas";
import { privateHeaders } from "~/platform/http/private.server";

/**
 * The CSV export of the audit trail with the screen's filters (a filter that does not read is a
 * 400, never a silently wider export). Streamed: the whole trail is never held in memory. The export
 * itself is recorded.
 */
export async function exportAudit(request: Request, context: Readonly<RouterContextProvider>, actor: AuditActor): Promise<Response> {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.searchParams);
  query.delete("page");
  const submission = parseWithZod(query, { schema: auditFiltersSchema(requestT(context, "audit")) });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "";
    return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", ...privateHeaders() } });
  }
  const { page: _page, ...filters } = submission.value;
  await recordAudit({ ...auditBy(request, actor), action: "audit.exported", target: "audit:csv", detail: describe(filters) });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsv(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${stamp}.csv"`,
      ...privateHeaders(),
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function describe(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
}
