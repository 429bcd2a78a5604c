import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundContent } from "~/platform/ui/error-page";

/** Every URL no other route claims: the not-found page with status 404; the path goes to the server log. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  console.warn(`404 Not Found: ${path}`);
  return data({ path }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent path={loaderData.path} />;
}
