import { data } from "react-router";
import { auditBy } from "~/audit/audit.server";
import { getAdmin } from "~/auth/guard.server";
import { codesAction } from "~/verification/codes-screen/codes-action.server";
import { loadCodesScreen } from "~/verification/codes-screen/codes-loader.server";
import { CodesScreen } from "~/verification/codes-screen/codes-screen";
import type { Route } from "./+types/codes";

/** /admin/dashboard/codes: generate, expire and delete verification codes (see ~/verification/codes-screen). */
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
