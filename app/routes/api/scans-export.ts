import { auditBy } from "~/audit/audit.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute, readQuery } from "~/http/api.server";
import { requestT } from "~/i18n/i18n.server";
import { csvHeaders, exportScans } from "~/scans/scan-log.server";
import { SCAN_FILTER_NAMES, scanFiltersSchema } from "~/scans/schemas";

/** GET /api/v1/scans/export.csv?… (the list's filters): the filtered log as CSV, streamed. */
const route = apiRoute({
  GET: async (args) => {
    const admin = await requireApiAdmin(args);
    const filters = readQuery(args, scanFiltersSchema(requestT(args.context, "protection")), SCAN_FILTER_NAMES);
    return new Response(exportScans(filters, auditBy(args.request, admin)), { headers: csvHeaders("scans") });
  },
});

export const loader = route.loader;
export const action = route.action;
