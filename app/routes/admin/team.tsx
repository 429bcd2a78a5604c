import { getAdmin } from "~/features/sessions/guard.server";
import { teamAction } from "~/features/team/screens/team-action.server";
import { loadTeamScreen } from "~/features/team/screens/team-loader.server";
import { TeamScreen } from "~/features/team/screens/team-screen";
import type { Route } from "./+types/team";

/** /admin/dashboard/team (owner): add members, change roles, disable, reset passwords (see ~/features/team/screens). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadTeamScreen(request, getAdmin(context));
}

export { privateHeaders as headers } from "~/platform/http/private.server";

export async function action({ request, context }: Route.ActionArgs) {
  return teamAction(request, context, getAdmin(context));
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return <TeamScreen data={loaderData} />;
}
