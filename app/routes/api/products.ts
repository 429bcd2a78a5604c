import { apiOk, methodNotAllowed } from "~/api/envelope.server";

export function loader() {
  return apiOk([], "Products");
}

export function action() {
  return methodNotAllowed(["GET"]);
}
