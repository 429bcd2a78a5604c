import { getAdmin } from "~/features/sessions/guard.server";
import { createRunAction } from "~/features/batches/screens/batches-action.server";
import { BatchesScreen } from "~/features/batches/screens/batches-screen";
import { loadBatchesScreen } from "~/features/batches/screens/batches-loader.server";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import type { Route } from "./+types/batches";

/** /admin/dashboard/batches: print runs, and a new one (see ~/features/batches/screens). */
export const headers = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return privateData(await loadBatchesScreen(request, getAdmin(context).role));
}

export const action = ({ request, context }: Route.ActionArgs) => createRunAction(request, context, getAdmin(context));

export default function Batches({ loaderData }: Route.ComponentProps) {
  return <BatchesScreen data={loaderData} />;
}
