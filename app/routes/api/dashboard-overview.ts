import { apiOk, methodNotAllowed } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { dashboardOverview } from "~/ui/admin-overview.server";
import type { Route } from "./+types/dashboard-overview";

/** GET /api/v1/general/dashboard/overview/ → {contacts: {count}, codes: {active, expired}} */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return apiOk(await dashboardOverview(), requestT(context, "admin")("api.overview"));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
