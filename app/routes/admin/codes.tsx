import { data } from "react-router";
import { auditBy } from "~/audit/audit.server";
import { getAdmin } from "~/auth/guard.server";
import { codesAction } from "~/verification/screens/codes-action.server";
import { loadCodesScreen } from "~/verification/screens/codes-loader.server";
import { CodesScreen } from "~/verification/screens/codes-screen";
import type { Route } from "./+types/codes";

/** /admin/dashboard/codes: generate, expire and delete verification codes (see ~/verification/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await loadCodesScreen(request, getAdmin(context).role), { headers: { "Cache-Control": "no-store" } });
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return codesAction(request, context, auditBy(request, getAdmin(context)));
}

export default function Codes({ loaderData }: Route.ComponentProps) {
  return <CodesScreen data={loaderData} />;
}
