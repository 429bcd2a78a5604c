import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { isolated } from "~/platform/lib/bidi";
import { mailConfigured } from "~/platform/mail/mail.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { teamErrors } from "~/features/team/errors";
import { addMember, presentAdmin } from "~/features/team/members.server";
import { createAdminSchema } from "~/features/team/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { adminJsonSchema } from "~/features/team/json";

const contract = {
  POST: {
    permission: "team:manage",
    tag: "Team",
    summary: "Add a member",
    description: "With a password, the member's temporary one; without, a one-time invitation link valid 24 hours, answered once.",
    body: (t) => createAdminSchema(t("team")),
    answers: [
      ok(
        z.object({
          admin: adminJsonSchema,
          invitation_url: z.string().optional().describe("The one-time invitation link (24 hours) when no password was given; answered once."),
          invitation_mailed_to: z.string().nullable().optional().describe("With an invitation link: the address it was mailed to, or null when the member has none."),
        }),
        "The member, added.",
        201,
      ),
    ],
    errors: [400, 409],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/admins/create/ {username, email?, role, password?} (owner) → 201 `data: {admin, invitation_url?, invitation_mailed_to?}`.
 * With a password, it is the member's temporary one (they choose their own at first sign-in); without
 * one, a one-time invitation link valid 24 hours is answered, once, and mailed to `email` when given
 * (`invitation_mailed_to`; the message says whether it was sent or, e-mail not configured, written to the mail folder). 400 bad input or a weak password,
 * 409 a username or e-mail address already taken.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const t = requestT(args.context, "team");
    const body = await readBody(args, createAdminSchema(t));
    const delivery = body.password === undefined ? { kind: "link" as const } : { kind: "password" as const, password: body.password };
    const outcome = await addMember(by, { username: body.username, email: body.email ?? undefined, role: body.role, delivery, lang: requestLanguage(args.context) });
    if (!outcome.ok) return apiFailure(args.context, teamErrors, outcome);
    const { member, ...credentials } = outcome.value;
    if (credentials.invitationUrl === undefined) return apiOk({ admin: presentAdmin(member) }, t("api.created"), { status: 201 });
    const { invitationUrl, mailedTo } = credentials;
    const message = !mailedTo ? t("api.created") : mailConfigured() ? t("api.createdMailed", isolated({ email: mailedTo })) : t("api.createdMailOff");
    return apiOk({ admin: presentAdmin(member), invitation_url: invitationUrl, invitation_mailed_to: mailedTo }, message, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
