import { clientHash } from "~/platform/http/client.server";
import { authErrors } from "~/features/sessions/errors";
import { refreshTokenSchema } from "~/features/sign-in/schemas";
import { refreshSession } from "~/features/sessions/sessions.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { refreshedJsonSchema } from "~/features/sessions/json";

const contract = {
  POST: {
    tag: "Sign-in",
    summary: "Refresh the access token",
    description: "The presented refresh token is used up (rotation). Again within 10 s from the same client: a new access token only; otherwise the whole session ends (401 `token_reused`).",
    body: refreshTokenSchema,
    answers: [ok(refreshedJsonSchema, "A new token pair.")],
    errors: [401],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/users/token/refresh/ {refresh_token} → a new pair; the presented refresh token is
 * used up (rotation). Presenting it again within 10 s from the same client answers a new access token
 * only; after that, or from another client, it ends the whole session (401 `token_reused`).
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const body = await readBody(args, refreshTokenSchema);
    const outcome = await refreshSession(body.refresh_token, { clientHash: clientHash(args.request) });
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    const { tokens } = outcome.value;
    // A retry within the grace window gets a new access token only: never a second live refresh token.
    const refresh = tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {};
    return apiOk({ access_token: tokens.accessToken, ...refresh, token_type: "Bearer", expires_in: tokens.expiresIn }, requestT(args.context, "auth")("api.refreshed"));
  },
});

export const loader = route.loader;
export const action = route.action;
