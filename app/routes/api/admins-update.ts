import { presentAdmin, updateMember } from "~/features/team/members.server";
import { updateAdminSchema } from "~/features/team/schemas";
import { teamErrors } from "~/features/team/errors";
import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { adminJsonSchema } from "~/features/team/json";

const contract = {
  PATCH: {
    permission: "team:manage",
    tag: "Team",
    summary: "Change a member",
    description: "Disabling ends the member's sessions; `mfa_locked: false` lifts a second-step lock. 409 `last_owner` or `cannot_disable_self`.",
    body: (t) => updateAdminSchema(t("team")),
    answers: [ok(z.object({ admin: adminJsonSchema }), "The member, changed.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/**
 * PATCH /api/v1/admins/{id}/ {role?, disabled?, mfa_locked?: false, email?} (owner) → `data: {admin}`;
 * `email: null` removes the address, another member's is 409 `duplicate_email`.
 * Disabling ends the member's sessions at once; `mfa_locked: false` lifts the lock that wrong
 * second-step codes set (decision 150). 404 unknown id; 409 `last_owner` (the last owner who can sign in can be neither
 * demoted nor disabled) or `cannot_disable_self`; 400 an unknown role.
 */
const route = apiRoute(contract, {
  PATCH: async (args) => {
    const by = await requireApiActor(args);
    const t = requestT(args.context, "team");
    const outcome = await updateMember(by, args.params.adminId ?? "", await readBody(args, updateAdminSchema(t)));
    if (!outcome.ok) return apiFailure(args.context, teamErrors, outcome);
    return apiOk({ admin: presentAdmin(outcome.value) }, t("api.updated"));
  },
});

export const loader = route.loader;
export const action = route.action;
