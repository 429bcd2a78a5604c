import { apiError, apiOk, methodNotAllowed } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { expireCode, presentCode } from "~/verification/codes.server";
import type { Route } from "./+types/codes-expire";

const allowed = ["PUT", "PATCH"];

export function loader() {
  return methodNotAllowed(allowed);
}

/** PUT or PATCH /api/v1/codes/expire/{code_id}/ */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!allowed.includes(request.method)) return methodNotAllowed(allowed);
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const result = await expireCode(params.codeId);
  if (!result.ok) return apiError(result.error === "not_found" ? 404 : 409, t(`api.${result.error}`), result.error);
  return apiOk(presentCode(result.value), t("api.expired"));
}
