import { z } from "zod";
import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { requestT } from "~/i18n/request.server";
import { endSession } from "~/auth/sessions.server";
import type { Route } from "./+types/users-logout";

const schema = z.object({ refresh_token: z.string().min(1).max(4096) });

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/v1/users/logout/ {refresh_token}: revokes the session on the server (idempotent). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const t = requestT(context, "auth");
  const body = await readBody(request, schema);
  const ended = await endSession({ refreshToken: body.refresh_token });
  if (!ended) return apiError(401, t("api.invalidRefreshToken"), "invalid_refresh_token");
  return apiOk(null, t("toast.logoutSuccessDescription"));
}
