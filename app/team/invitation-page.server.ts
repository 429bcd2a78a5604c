import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { invitationSchema } from "~/auth/account-schema";
import { authErrors } from "~/auth/errors";
import { markPrivate } from "~/auth/guard.server";
import { clientHash } from "~/http/client.server";
import { redirectWithToast } from "~/http/toast.server";
import { requestT, routeBundles } from "~/i18n/i18n.server";
import { errorMessage } from "~/lib/errors";
import { acceptInvitation, openInvitation } from "./invitations.server";

const headers = () => {
  const h = markPrivate(new Headers());
  // The token is in the path: it never leaves the site in a Referer ("no-referrer" would also blank
  // the Origin of the page's own form post, which the cross-site guard then refuses).
  h.set("Referrer-Policy", "same-origin");
  return h;
};

/** The invitation page (`/admin/invitation/:token`): who it is for, or why the link no longer works. A GET changes nothing. */
export async function loadInvitation(token: string, context: Readonly<RouterContextProvider>) {
  const invitation = await openInvitation(token);
  const i18n = routeBundles(context, ["auth", "admin"]);
  const status = invitation ? 200 : 410;
  return data({ i18n, invitation: invitation ? { username: invitation.username, role: invitation.role } : null }, { status, headers: headers() });
}

/** Sets the member's first password from the link (once), then sends them to sign in. */
export async function invitationAction(token: string, request: Request, context: Readonly<RouterContextProvider>) {
  const t = requestT(context, "auth");
  const submission = parseWithZod(await request.formData(), { schema: invitationSchema(t) });
  const hide = { hideFields: ["password", "confirm_password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), gone: false }, { status: 400, headers: headers() });
  const outcome = await acceptInvitation(token, submission.value.password, clientHash(request));
  if (outcome.ok) {
    return redirectWithToast("/admin", { type: "success", title: t("invitation.doneTitle"), description: t("invitation.doneDescription") }, { headers: headers() });
  }
  const message = errorMessage(t, authErrors, outcome.error);
  const gone = outcome.error === "invitation_invalid";
  return data({ result: submission.reply({ ...hide, fieldErrors: { password: [message] } }), gone }, { status: gone ? 410 : 400, headers: headers() });
}
