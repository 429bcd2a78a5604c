import { exportAudit } from "~/composers/audit-log/audit-export.server";
import { getAdmin } from "~/features/sessions/guard.server";
import type { Route } from "./+types/audit-export";

/** GET /admin/dashboard/audit/export.csv?actor=&action=&from=&to= (owner): the matching entries as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return exportAudit(request, context, getAdmin(context));
}
