import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { analyticsOverview } from "~/composers/analytics/analytics.server";
import { overviewQuerySchema } from "~/composers/analytics/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { analyticsJsonSchema } from "~/composers/analytics/json";

const contract = {
  GET: {
    permission: "dashboard:read",
    tag: "Analytics",
    summary: "Checks per day and rankings",
    query: (t) => overviewQuerySchema(t("protection")),
    answers: [ok(analyticsJsonSchema, "The overview.")],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/analytics/overview/?days=30 → `data: {days: [{date, valid, used, unknown, expired,
 * revoked, views}], totals, top_products, top_batches, countries}` (UTC days, today included; `views`:
 * views of two-part packs' pages, never counted as checks).
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const { days } = readQuery(args, overviewQuerySchema(t), ["days"]);
    return apiOk(await analyticsOverview(days), t("api.overview"));
  },
});

export const loader = route.loader;
export const action = route.action;
