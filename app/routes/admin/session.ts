import { appendCookies } from "~/features/sessions/cookies.server";
import { resolveBrowserSession } from "~/features/sessions/guard.server";
import { markPrivate } from "~/platform/http/private.server";
import type { Route } from "./+types/session";

/**
 * GET /admin/session: 200 while the browser's admin session lives (refreshing an expired access
 * token like any admin page does), 401 once it has ended. Polled by useSessionRecheck.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await resolveBrowserSession(request);
  const headers = appendCookies(markPrivate(new Headers()), session.cookies);
  return Response.json({ authenticated: Boolean(session.admin) }, { status: session.admin ? 200 : 401, headers });
}
