import { accountAction } from "~/auth/account-screen/account-action.server";
import { loadAccountScreen } from "~/auth/account-screen/account-loader.server";
import { AccountScreen } from "~/auth/account-screen/account-screen";
import { getAdmin } from "~/auth/guard.server";
import type { Route } from "./+types/account";

/** /admin/dashboard/account: every member's password, two-factor sign-in and sessions (see ~/auth/account-screen). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadAccountScreen(getAdmin(context));
}

export { privateHeaders as headers } from "~/admin/private-headers";

export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context, getAdmin(context));
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return <AccountScreen data={loaderData} />;
}
