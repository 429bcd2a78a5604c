import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { loginSchema } from "~/auth/login-schema";
import { attemptLogin } from "~/auth/login.server";
import { requestT } from "~/i18n/request.server";
import { apiTooManyAttempts } from "~/rate-limit.server";
import { clientHash } from "~/request.server";
import type { Route } from "./+types/users-login";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/v1/users/login/ {username, password} → a token pair, 401 (one generic message) or 429. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const t = requestT(context, "auth");
  const body = await readBody(request, loginSchema(t));
  const outcome = await attemptLogin({ ...body, clientKey: clientHash(request) });
  if (!outcome.ok) {
    if (outcome.reason === "limited") {
      return apiTooManyAttempts(context, outcome.retryAfterSeconds);
    }
    return apiError(401, t("toast.invalidCredentials"), "invalid_credentials");
  }
  const { tokens, admin } = outcome;
  return apiOk(
    {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn,
      user: { id: admin.id, username: admin.username },
    },
    t("toast.loginSuccess"),
  );
}
