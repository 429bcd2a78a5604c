import { getAdmin } from "~/auth/guard.server";
import { runAction } from "~/batches/screens/batch-action.server";
import { loadBatchScreen } from "~/batches/screens/batch-loader.server";
import { BatchScreen } from "~/batches/screens/batch-screen";
import { privateData, privateHeaders } from "~/http/private.server";
import type { Route } from "./+types/batch";

/** /admin/dashboard/batches/{id}: one print run (see ~/batches/screens). */
export const headers = privateHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return privateData(await loadBatchScreen(request, context, params.id, getAdmin(context)));
}

export const action = ({ request, context, params }: Route.ActionArgs) => runAction(request, context, params.id, getAdmin(context));

export default function Batch({ loaderData }: Route.ComponentProps) {
  return <BatchScreen data={loaderData} />;
}
