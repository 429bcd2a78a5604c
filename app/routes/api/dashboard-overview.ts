import { dashboardOverview } from "~/composers/admin/overview.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { overviewJsonSchema } from "~/composers/admin/json";

const contract = {
  GET: { permission: "dashboard:read", tag: "Analytics", summary: "Dashboard figures", answers: [ok(overviewJsonSchema, "The dashboard's figures.")], errors: [] },
} satisfies ApiContract;

/** GET /api/v1/general/dashboard/overview/ → {contacts: {count}, codes: {active, expired}} */
const route = apiRoute(contract, {
  GET: async (args) => {
    const { context } = args;
    await requireApiAdmin(args);
    return apiOk(await dashboardOverview(), requestT(context, "admin")("api.overview"));
  },
});

export const loader = route.loader;
export const action = route.action;
