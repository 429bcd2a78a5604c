import { auditBy } from "~/platform/audit/audit.server";
import { getAdmin } from "~/features/sessions/guard.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { csvHeaders, exportScans } from "~/features/scans/scan-log.server";
import { scanFiltersSchema } from "~/features/scans/schemas";
import type { Route } from "./+types/scans-export";
import { privateHeaders } from "~/platform/http/private.server";

/** /admin/dashboard/scans/export.csv?…: the filtered scan log as CSV, streamed (a download for the signed-in admin). */
export function loader({ request, context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const params = new URL(request.url).searchParams;
  const parsed = scanFiltersSchema(requestT(context, "protection")).safeParse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]?.message ?? "Bad filters", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", ...privateHeaders() } });
  }
  return new Response(exportScans(parsed.data, auditBy(request, admin)), { headers: csvHeaders("scans") });
}
