import { z } from "zod";
import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { requestT } from "~/i18n/request.server";
import { refreshSession } from "~/auth/sessions.server";
import type { Route } from "./+types/users-token-refresh";

const schema = z.object({ refresh_token: z.string().min(1).max(4096) });

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/v1/users/token/refresh/ {refresh_token} → a new pair; the presented refresh token is
 * used up (rotation). Reusing an old one after the grace window ends the whole session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const t = requestT(context, "auth");
  const body = await readBody(request, schema);
  const outcome = await refreshSession(body.refresh_token);
  if (!outcome.ok) {
    return apiError(401, t("api.refreshFailed"), outcome.reason === "reused" ? "token_reused" : "invalid_refresh_token");
  }
  return apiOk(
    {
      access_token: outcome.tokens.accessToken,
      refresh_token: outcome.tokens.refreshToken,
      token_type: "Bearer",
      expires_in: outcome.tokens.expiresIn,
    },
    t("api.refreshed"),
  );
}
