import { labelAuditTargets } from "~/composers/audit-log/audit-targets.server";
import { loadAuditScreen } from "~/composers/audit-log/screens/audit-loader.server";
import { AuditScreen } from "~/composers/audit-log/screens/audit-screen";
import { getAdmin } from "~/features/sessions/guard.server";
import type { Route } from "./+types/audit";

/** /admin/dashboard/audit (owner): the audit trail, filtered and paged, its targets named by the features that own them (see ~/composers/audit-log/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return loadAuditScreen(request, context, labelAuditTargets);
}

export { privateHeaders as headers } from "~/platform/http/private.server";

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditScreen data={loaderData} />;
}
