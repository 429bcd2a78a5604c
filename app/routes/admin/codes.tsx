import { auditBy } from "~/audit/audit.server";
import { getAdmin } from "~/auth/guard.server";
import { privateData, privateHeaders } from "~/http/private.server";
import { codesAction } from "~/verification/screens/codes-action.server";
import { loadCodesScreen } from "~/verification/screens/codes-loader.server";
import { CodesScreen } from "~/verification/screens/codes-screen";
import type { Route } from "./+types/codes";

/** /admin/dashboard/codes: generate, expire and delete verification codes (see ~/verification/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return privateData(await loadCodesScreen(request, context, getAdmin(context)));
}

export const headers = privateHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return codesAction(request, context, auditBy(request, getAdmin(context)));
}

export default function Codes({ loaderData }: Route.ComponentProps) {
  return <CodesScreen data={loaderData} />;
}
