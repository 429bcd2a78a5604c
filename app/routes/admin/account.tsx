import { accountAction } from "~/features/account/screens/account-action.server";
import { loadAccountScreen } from "~/features/account/screens/account-loader.server";
import { AccountScreen } from "~/features/account/screens/account-screen";
import { getAdmin } from "~/features/sessions/guard.server";
import type { Route } from "./+types/account";

/** /admin/dashboard/account: every member's password, two-factor sign-in and sessions (see ~/features/account/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountScreen(request, getAdmin(context));
}

export { privateHeaders as headers } from "~/platform/http/private.server";

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, getAdmin(context));
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountScreen data={loaderData} />;
}
