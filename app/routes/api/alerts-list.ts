import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { alertJson } from "~/features/alerts/json";
import { listAlerts } from "~/features/alerts/alerts.server";
import { alertListSchema } from "~/features/alerts/schemas";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { alertJsonSchema } from "~/features/alerts/json";

const contract = {
  GET: {
    permission: "alerts:read",
    tag: "Alerts",
    summary: "List alerts",
    query: (t) => alertListSchema(t("protection")),
    answers: [paged(z.object({ alerts: z.array(alertJsonSchema) }), "One page of alerts, most recently active first.")],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/alerts/list/?status=&page= → `data: {alerts}` (each `id, kind, status, code, batch_id,
 * created_at, updated_at, scans_count`), most recently active first, and `pagination`.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const { status, page } = readQuery(args, alertListSchema(t), ["status", "page"]);
    const list = await listAlerts(status, page);
    return apiOkPaged({ alerts: list.items.map(alertJson) }, list.pagination, t("api.alerts"));
  },
});

export const loader = route.loader;
export const action = route.action;
