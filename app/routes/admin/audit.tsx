import { labelAuditTargets } from "~/admin/audit-targets.server";
import { loadAuditScreen } from "~/audit/screens/audit-loader.server";
import { AuditScreen } from "~/audit/screens/audit-screen";
import { getAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/audit";

/** /admin/dashboard/audit (owner): the audit trail, filtered and paged, its targets named by the features that own them (see ~/audit/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  return loadAuditScreen(request, context, labelAuditTargets);
}

export { privateHeaders as headers } from "~/http/private.server";

export default function Audit({ loaderData }: Route.ComponentProps) {
  return <AuditScreen data={loaderData} />;
}
