import { apiError } from "~/api/envelope.server";

/** Any other URL under /api/: a 404 in the API's envelope (not the HTML not-found page). */
export function loader() {
  return apiError(404, "Not found", "not_found");
}

export function action() {
  return apiError(404, "Not found", "not_found");
}
