import { auditBy, recordAudit } from "~/platform/audit/audit.server";
import { authErrors } from "~/features/sessions/errors";
import { refreshTokenSchema } from "~/features/sign-in/schemas";
import { endSession } from "~/features/sessions/sessions.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { fail } from "~/platform/lib/result";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";

const contract = {
  POST: {
    tag: "Sign-in",
    summary: "Sign out",
    description: "Revokes the session of the refresh token on the server.",
    body: refreshTokenSchema,
    answers: [ok(z.null(), "Signed out.")],
    errors: [401],
  },
} satisfies ApiContract;

/** POST /api/v1/users/logout/ {refresh_token}: revokes the session on the server (idempotent). */
const route = apiRoute(contract, {
  POST: async (args) => {
    const body = await readBody(args, refreshTokenSchema);
    const ended = await endSession({ refreshToken: body.refresh_token });
    if (!ended) return apiFailure(args.context, authErrors, fail("unknown_session"));
    await recordAudit({ ...auditBy(args.request, ended), action: "sign_out", target: `session:${ended.sessionId}` });
    return apiOk(null, requestT(args.context, "auth")("toast.logoutSuccessDescription"));
  },
});

export const loader = route.loader;
export const action = route.action;
