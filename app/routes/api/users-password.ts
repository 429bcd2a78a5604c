import { changePassword } from "~/features/account/own-account.server";
import { passwordChangeSchema } from "~/features/sign-in/schemas";
import { authErrors } from "~/features/sessions/errors";
import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { passwordChangedJsonSchema } from "~/features/sessions/json";

const contract = {
  POST: {
    permission: "account:self",
    ungated: true,
    tag: "Sign-in",
    summary: "Change your password",
    description: "Ends every other session of the member. Open also while a new password is due.",
    body: (t) => passwordChangeSchema(t("auth")),
    answers: [ok(passwordChangedJsonSchema, "Changed.")],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/users/password/ {current_password, new_password}: the member's own password. The
 * current one is required (400 `wrong_password`), the new one must pass the rule (400
 * `weak_password`); every other session of the member ends. Open also while a new password is due.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const who = await requireApiActor(args);
    const body = await readBody(args, passwordChangeSchema(requestT(args.context, "auth")));
    const outcome = await changePassword(who, { current: body.current_password, next: body.new_password });
    if (!outcome.ok) return apiFailure(args.context, authErrors, outcome);
    return apiOk({ other_sessions_ended: outcome.value.endedSessions }, requestT(args.context, "account")("password.changed"));
  },
});

export const loader = route.loader;
export const action = route.action;
