import { getAdmin } from "~/auth/guard.server";
import { teamAction } from "~/team/screens/team-action.server";
import { loadTeamScreen } from "~/team/screens/team-loader.server";
import { TeamScreen } from "~/team/screens/team-screen";
import type { Route } from "./+types/team";

/** /admin/dashboard/team (owner): add members, change roles, disable, reset passwords (see ~/team/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadTeamScreen(request, getAdmin(context));
}

export { privateHeaders as headers } from "~/http/private.server";

export async function action({ request, context }: Route.ActionArgs) {
  return teamAction(request, context, getAdmin(context));
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return <TeamScreen data={loaderData} />;
}
