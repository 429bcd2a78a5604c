import { readDeviceToken } from "~/features/sign-in/device-cookie.server";
import { authErrors } from "~/features/sessions/errors";
import { signedInAnswer } from "~/features/sign-in/login-api.server";
import { mfaSchema } from "~/features/sign-in/schemas";
import { completeMfaLogin } from "~/features/sign-in/login.server";
import { clientHash } from "~/platform/http/client.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { signedInJsonSchema } from "~/features/sessions/json";

const contract = {
  POST: {
    tag: "Sign-in",
    summary: "Complete a two-factor sign-in",
    description: "401 `invalid_code` (counted by the limits) or `invalid_mfa_token`; 423 `second_step_locked` until an owner unlocks it.",
    body: (t) => mfaSchema(t("auth")),
    answers: [ok(signedInJsonSchema, "Signed in.")],
    errors: [401, 423],
    limited: true,
  },
} satisfies ApiContract;

/**
 * POST /api/v1/users/login/mfa/ {mfa_token, code} → the token pair. A wrong code is a failed sign-in
 * (401 `invalid_code`, counted by the limits: 429 past them); an expired or used step, or one begun by
 * another client, 401 `invalid_mfa_token`; an account whose second-step budget ran out 423
 * `second_step_locked` until an owner unlocks it (decision 150).
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const t = requestT(args.context, "auth");
    const body = await readBody(args, mfaSchema(t));
    const { request } = args;
    const outcome = await completeMfaLogin({ mfaToken: body.mfa_token, code: body.code, clientKey: clientHash(request), deviceToken: readDeviceToken(request), userAgent: request.headers.get("User-Agent") ?? "" });
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    return signedInAnswer(request, args.context, outcome.value);
  },
});

export const loader = route.loader;
export const action = route.action;
