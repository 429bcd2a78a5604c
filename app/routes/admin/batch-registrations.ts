import { auditBy } from "~/platform/audit/audit.server";
import { getAdmin } from "~/features/sessions/guard.server";
import { getBatch } from "~/features/batches/batches.server";
import { registrationsCsv } from "~/features/registrations/registrations.server";
import { csvHeaders } from "~/features/scans/scan-log.server";
import type { Route } from "./+types/batch-registrations";

/** GET /admin/dashboard/batches/{id}/registrations.csv: a run's confirmed registered buyers (owners only, audited; decision 162). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const batch = await getBatch(params.id);
  if (!batch) throw new Response(null, { status: 404 });
  return new Response(await registrationsCsv(batch.id, auditBy(request, admin)), { headers: csvHeaders(`registrations-${batch.lot.replace(/[^A-Za-z0-9_-]/g, "_")}`) });
}
