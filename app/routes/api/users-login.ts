import { authErrors } from "~/auth/errors";
import { loginSchema } from "~/auth/login-schema";
import { attemptLogin } from "~/auth/login.server";
import { clientHash } from "~/http/client.server";
import { apiFailure, apiRoute, readBody } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/** POST /api/v1/users/login/ {username, password} → a token pair, 401 (one generic message) or 429. */
const route = apiRoute({
  POST: async (args) => {
    const t = requestT(args.context, "auth");
    const body = await readBody(args, loginSchema(t));
    const outcome = await attemptLogin({ ...body, clientKey: clientHash(args.request) });
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    const { tokens, admin } = outcome.value;
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
  },
});

export const loader = route.loader;
export const action = route.action;
