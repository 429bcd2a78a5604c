import { data, type RouterContextProvider } from "react-router";
import { markPrivate } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { openInvitation } from "../invitations.server";

/** The invitation page's headers: private, and its token never sent on in a Referer. */
export const invitationHeaders = () => {
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
  return data({ i18n, invitation: invitation ? { username: invitation.username, role: invitation.role } : null }, { status, headers: invitationHeaders() });
}
