import { apiError } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import type { Route } from "./+types/not-found";

/** Any other URL under /api/: a 404 in the API's envelope (not the HTML not-found page), whatever the method. */
function notFound({ context }: Route.LoaderArgs | Route.ActionArgs) {
  return apiError(404, requestT(context, "server")("api.notFound"), "not_found");
}

export { notFound as loader, notFound as action };
