import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { reportListSchema } from "~/features/reports/schemas";
import { reportJson } from "~/features/reports/json";
import { listReports } from "~/features/reports/reports.server";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { reportJsonSchema } from "~/features/reports/json";

const contract = {
  GET: {
    permission: "reports:read",
    tag: "Reports",
    summary: "List counterfeit reports",
    query: (t) => reportListSchema(t("protection")),
    answers: [paged(z.object({ reports: z.array(reportJsonSchema) }))],
    errors: [400],
  },
} satisfies ApiContract;

/** GET /api/v1/reports/list/?status=&page= → `data: {reports}`, newest first, and `pagination`. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const { status, country, page } = readQuery(args, reportListSchema(t), ["status", "country", "page"]);
    const list = await listReports({ status, country }, page);
    return apiOkPaged({ reports: list.items.map(reportJson) }, list.pagination, t("api.reports"));
  },
});

export const loader = route.loader;
export const action = route.action;
