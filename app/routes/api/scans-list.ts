import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { listScans } from "~/features/scans/scan-log.server";
import { scanJson } from "~/features/scans/json";
import { pageQuerySchema, SCAN_FILTER_NAMES, scanFiltersSchema } from "~/features/scans/schemas";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { scanJsonSchema } from "~/features/scans/json";

const contract = {
  GET: {
    permission: "scans:read",
    tag: "Scans",
    summary: "Read the scan log",
    query: (t) => scanFiltersSchema(t("protection")).extend(pageQuerySchema.shape),
    answers: [paged(z.object({ scans: z.array(scanJsonSchema) }))],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/scans/list/?kind=&outcome=&product_id=&batch=&country=&from=&to=&page= → `data: {scans}`
 * (each `id, created_at, kind, outcome, code, serial, product_id, batch_id, country, lang`; `kind` is
 * `check` or `view`, `serial` a pack's serial or null) and `pagination`; a malformed filter is a 400.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const filters = readQuery(args, scanFiltersSchema(t), SCAN_FILTER_NAMES);
    const { page } = readQuery(args, pageQuerySchema, ["page"]);
    const list = await listScans(filters, page);
    return apiOkPaged({ scans: list.items.map(scanJson) }, list.pagination, t("api.scans"));
  },
});

export const loader = route.loader;
export const action = route.action;
