import { getAdmin } from "~/features/sessions/guard.server";
import { runAction } from "~/features/batches/screens/batch-action.server";
import { loadBatchScreen } from "~/features/batches/screens/batch-loader.server";
import { BatchScreen } from "~/features/batches/screens/batch-screen";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import type { Route } from "./+types/batch";

/** /admin/dashboard/batches/{id}: one print run (see ~/features/batches/screens). */
export const headers = privateHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return privateData(await loadBatchScreen(request, context, params.id, getAdmin(context)));
}

export const action = ({ request, context, params }: Route.ActionArgs) => runAction(request, context, params.id, getAdmin(context));

export default function Batch({ loaderData }: Route.ComponentProps) {
  return <BatchScreen data={loaderData} />;
}
