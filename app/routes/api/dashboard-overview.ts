import { dashboardOverview } from "~/admin/overview.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/** GET /api/v1/general/dashboard/overview/ → {contacts: {count}, codes: {active, expired}} */
const route = apiRoute({
  GET: async (args) => {
    const { context } = args;
    await requireApiAdmin(args);
    return apiOk(await dashboardOverview(), requestT(context, "admin")("api.overview"));
  },
});

export const loader = route.loader;
export const action = route.action;
