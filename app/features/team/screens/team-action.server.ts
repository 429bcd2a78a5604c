import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { clientHash } from "~/platform/http/client.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { mailConfigured } from "~/platform/mail/mail.server";
import { errorMessage } from "~/platform/lib/errors";
import { formText } from "~/platform/lib/form-text";
import { INVITATION_TTL_MS } from "../invitations.server";
import { teamErrors, type TeamError } from "../errors";
import { addMember, resetMemberPassword, unlockSecondStep, updateMember, type Credentials } from "../members.server";
import { isRole } from "~/platform/access/permissions";
import { addMemberSchema, memberEmailSchema } from "../schemas";
import { setMfaRequired } from "../settings.server";

export const TEAM_PATH = "/admin/dashboard/team";

const text = (form: FormData, name: string) => formText(form, name);

/**
 * The one-time details of a new or reset member: answered in the page, once, never in a cookie or a
 * URL. A link mailed to the member says where (`mailedTo`) and whether mail leaves the machine.
 */
export type Reveal = { username: string; password?: string; invitationUrl?: string; expiresAt?: string; mailedTo?: string | null; mailConfigured?: boolean };

function reveal(username: string, credentials: Credentials): Reveal {
  if (credentials.invitationUrl) {
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
    return { username, invitationUrl: credentials.invitationUrl, expiresAt, mailedTo: credentials.mailedTo, mailConfigured: mailConfigured() };
  }
  return { username, password: credentials.password };
}

/**
 * The team screen's actions (owner only, by the permission matrix): add a member, change a role,
 * disable or enable, reset a password, unlock a member's locked two-factor step, require two-factor. A change redirects back with a toast
 * (Post/Redirect/Get); refused input answers the form again; a temporary password or invitation link
 * is answered in the page itself, shown once.
 */
export async function teamAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "team");
  const tc = requestT(context, "common");
  const tAdmin = requestT(context, "admin");
  const form = await request.formData();
  const intent = text(form, "intent");
  const by = { admin, clientHash: clientHash(request) };
  const done = (description: string) => redirectWithToast(TEAM_PATH, { type: "success", title: tc("toast.success"), description });
  const refused = (error: TeamError) => redirectWithToast(TEAM_PATH, { type: "error", title: t("toast.failed"), description: errorMessage(t, teamErrors, error) });
  const id = text(form, "id");

  switch (intent) {
    case "add": {
      const submission = parseWithZod(form, { schema: addMemberSchema(t) });
      if (submission.status !== "success") return data({ intent, result: submission.reply(), reveal: null }, { status: 400 });
      const { username, email, role, delivery } = submission.value;
      const outcome = await addMember(by, { username, email, role, delivery: { kind: delivery }, lang: requestLanguage(context) });
      if (!outcome.ok) {
        const field = outcome.error === "duplicate_email" ? "email" : outcome.error === "duplicate_username" || outcome.error === "invalid_username" ? "username" : "role";
        return data({ intent, result: submission.reply({ fieldErrors: { [field]: [errorMessage(t, teamErrors, outcome.error)] } }), reveal: null }, { status: teamErrors.errors[outcome.error].status });
      }
      return data({ intent, result: submission.reply({ resetForm: true }), reveal: reveal(outcome.value.member.username, outcome.value), toast: t("toast.added", { username }) });
    }
    case "role": {
      const role = text(form, "role");
      if (!isRole(role)) return refused("unknown_role");
      const outcome = await updateMember(by, id, { role });
      if (!outcome.ok) return refused(outcome.error);
      return done(t("toast.roleChanged", { username: outcome.value.username, role: tAdmin(`roles.${role}`) }));
    }
    case "email": {
      const submission = parseWithZod(form, { schema: memberEmailSchema(t) });
      if (submission.status !== "success") return refused("invalid_email");
      const outcome = await updateMember(by, id, { email: submission.value.email ?? null });
      if (!outcome.ok) return refused(outcome.error);
      return done(t(outcome.value.email ? "toast.emailChanged" : "toast.emailRemoved", { username: outcome.value.username }));
    }
    case "disable":
    case "enable": {
      const outcome = await updateMember(by, id, { disabled: intent === "disable" });
      if (!outcome.ok) return refused(outcome.error);
      return done(t(intent === "disable" ? "toast.disabled" : "toast.enabled", { username: outcome.value.username }));
    }
    case "reset-password":
    case "reset-link": {
      const outcome = await resetMemberPassword(by, id, intent === "reset-link" ? { kind: "link" } : { kind: "password" }, requestLanguage(context));
      if (!outcome.ok) return refused(outcome.error);
      return data({ intent, result: null, reveal: reveal(outcome.value.member.username, outcome.value), toast: t("toast.reset", { username: outcome.value.member.username }) });
    }
    case "unlock-mfa": {
      const outcome = await unlockSecondStep(by, id);
      if (!outcome.ok) return refused(outcome.error);
      return done(t("toast.mfaUnlocked", { username: outcome.value.username }));
    }
    case "require-mfa": {
      const required = form.get("required") === "on";
      await setMfaRequired(by, required);
      return done(required ? t("toast.mfaRequired") : t("toast.mfaNotRequired"));
    }
    default:
      return redirectWithToast(TEAM_PATH, { type: "error", title: tc("toast.error"), description: t("errors.unknownAction") });
  }
}
