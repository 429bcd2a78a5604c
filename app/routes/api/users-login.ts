import { readDeviceToken } from "~/features/sign-in/device-cookie.server";
import { authErrors } from "~/features/sessions/errors";
import { signedInAnswer } from "~/features/sign-in/login-api.server";
import { loginSchema } from "~/features/sign-in/schemas";
import { attemptLogin } from "~/features/sign-in/login.server";
import { clientHash } from "~/platform/http/client.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { mfaRequiredJsonSchema, signedInJsonSchema } from "~/features/sessions/json";

const contract = {
  POST: {
    tag: "Sign-in",
    summary: "Sign in",
    description: "A token pair for `Authorization: Bearer <access_token>`; with two-factor on, the step to complete at `POST /api/v1/users/login/mfa/`. 401 one generic message; 429 past the limits.",
    body: (t) => loginSchema(t("auth")),
    answers: [ok(z.union([signedInJsonSchema, mfaRequiredJsonSchema]), "Signed in, or the second step is due.")],
    errors: [401, 423],
    limited: true,
  },
} satisfies ApiContract;

/**
 * POST /api/v1/users/login/ {username, password} → a token pair; with two-factor on,
 * `data: {mfa_required: true, mfa_token, expires_in}` for `POST /api/v1/users/login/mfa/`.
 * 401 (one generic message) or 429 past the limits (with Retry-After).
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const t = requestT(args.context, "auth");
    const body = await readBody(args, loginSchema(t));
    const { request } = args;
    const outcome = await attemptLogin({ ...body, clientKey: clientHash(request), deviceToken: readDeviceToken(request), userAgent: request.headers.get("User-Agent") ?? "" });
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    if (outcome.value.step === "mfa_required") {
      return apiOk({ mfa_required: true, mfa_token: outcome.value.mfaToken, expires_in: outcome.value.expiresIn }, t("mfa.title"));
    }
    return signedInAnswer(request, args.context, outcome.value);
  },
});

export const loader = route.loader;
export const action = route.action;
