import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { badLink } from "~/features/resolver/respond.server";
import { foreignKeyOf } from "~/features/resolver/uri";
import { NotFoundContent } from "~/platform/ui/error-page";

/**
 * Every URL no other route claims: the not-found page with status 404; the path goes to the server log.
 * A path that starts like a GS1 Digital Link of a key that is no GS1 primary key (`/10/…`, `/99/…`)
 * breaks GS1's grammar: the 400 page (decision 190). GS1's other primary keys stay 404: valid, not ours.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (foreignKeyOf(path) === "primary_key") throw badLink(context, "primary_key");
  console.warn(`404 Not Found: ${path}`);
  return data({ path }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent path={loaderData.path} />;
}
