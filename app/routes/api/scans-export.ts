import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { csvHeaders, exportScans } from "~/features/scans/scan-log.server";
import { SCAN_FILTER_NAMES, scanFiltersSchema } from "~/features/scans/schemas";
import { file, type ApiContract } from "~/platform/http/contract";

const contract = {
  GET: {
    permission: "scans:export",
    tag: "Scans",
    summary: "Download the scan log (CSV)",
    query: (t) => scanFiltersSchema(t("protection")),
    answers: [file("text/csv", "The filtered log, streamed.")],
    errors: [400],
  },
} satisfies ApiContract;

/** GET /api/v1/scans/export.csv?… (the list's filters): the filtered log as CSV, streamed. */
const route = apiRoute(contract, {
  GET: async (args) => {
    const admin = await requireApiAdmin(args);
    const filters = readQuery(args, scanFiltersSchema(requestT(args.context, "protection")), SCAN_FILTER_NAMES);
    return new Response(exportScans(filters, auditBy(args.request, admin)), { headers: csvHeaders("scans") });
  },
});

export const loader = route.loader;
export const action = route.action;
