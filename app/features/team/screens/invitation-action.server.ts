import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { loginAs } from "~/features/sessions/return-to";
import { invitationSchema } from "~/features/sign-in/schemas";
import { authErrors } from "~/features/sessions/errors";
import { clientHash } from "~/platform/http/client.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { acceptInvitation } from "../invitations.server";
import { invitationHeaders } from "./invitation-loader.server";

/** Sets the member's first password from the link (once), then sends them to sign in, their username filled in. */
export async function invitationAction(token: string, request: Request, context: Readonly<RouterContextProvider>) {
  const t = requestT(context, "auth");
  const submission = parseWithZod(await request.formData(), { schema: invitationSchema(t) });
  const hide = { hideFields: ["password", "confirm_password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), gone: false }, { status: 400, headers: invitationHeaders() });
  const outcome = await acceptInvitation(token, submission.value.password, clientHash(request));
  if (outcome.ok) {
    return redirectWithToast(loginAs(outcome.value.username), { type: "success", title: t("invitation.doneTitle"), description: t("invitation.doneDescription") }, { headers: invitationHeaders() });
  }
  const message = errorMessage(t, authErrors, outcome.error);
  const gone = outcome.error === "invitation_invalid";
  return data({ result: submission.reply({ ...hide, fieldErrors: { password: [message] } }), gone }, { status: gone ? 410 : 400, headers: invitationHeaders() });
}
