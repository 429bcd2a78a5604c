import { apiError, apiOk, methodNotAllowed } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { deleteCode, presentCode } from "~/verification/codes.server";
import type { Route } from "./+types/codes-delete";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/v1/codes/delete/{code_id}/ — only codes that are no longer active. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const result = await deleteCode(params.codeId);
  if (!result.ok) return apiError(result.error === "not_found" ? 404 : 409, t(`api.${result.error}`), result.error);
  return apiOk(presentCode(result.value), t("api.deleted"));
}
