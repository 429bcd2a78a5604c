import { accountAction } from "~/auth/screens/account-action.server";
import { loadAccountScreen } from "~/auth/screens/account-loader.server";
import { AccountScreen } from "~/auth/screens/account-screen";
import { getAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/account";

/** /admin/dashboard/account: every member's password, two-factor sign-in and sessions (see ~/auth/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountScreen(request, getAdmin(context));
}

export { privateHeaders as headers } from "~/http/private.server";

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, getAdmin(context));
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountScreen data={loaderData} />;
}
