import { authErrors } from "~/auth/errors";
import { refreshTokenSchema } from "~/auth/login-schema";
import { refreshSession } from "~/auth/sessions.server";
import { apiFailure, apiRoute, readBody } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/**
 * POST /api/v1/users/token/refresh/ {refresh_token} → a new pair; the presented refresh token is
 * used up (rotation). Reusing an old one after the grace window ends the whole session.
 */
const route = apiRoute({
  POST: async (args) => {
    const body = await readBody(args, refreshTokenSchema);
    const outcome = await refreshSession(body.refresh_token);
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    const { tokens } = outcome.value;
    return apiOk(
      { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: "Bearer", expires_in: tokens.expiresIn },
      requestT(args.context, "auth")("api.refreshed"),
    );
  },
});

export const loader = route.loader;
export const action = route.action;
