import { auditBy } from "~/platform/audit/audit.server";
import { getAdmin } from "~/features/sessions/guard.server";
import { privateData, privateHeaders } from "~/platform/http/private.server";
import { codesAction } from "~/features/code-admin/screens/codes-action.server";
import { loadCodesScreen } from "~/features/code-admin/screens/codes-loader.server";
import { CodesScreen } from "~/features/code-admin/screens/codes-screen";
import type { Route } from "./+types/codes";

/** /admin/dashboard/codes: generate, expire and delete verification codes (see ~/features/code-admin/screens). */
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
