import { data, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { markPrivate } from "~/platform/http/private.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestT, routeBundles } from "~/platform/i18n/i18n.server";
import { deviceCookieFromLink } from "../device-cookie.server";
import { loginAs } from "~/features/sessions/return-to";
import { readSignInLink, redeemSignInLink } from "../sign-in-link.server";

/** A sign-in link page's headers: private, and its token never sent on in a Referer. */
function linkHeaders(): Headers {
  const headers = markPrivate(new Headers());
  headers.set("Referrer-Policy", "same-origin");
  return headers;
}

/** `/admin/sign-in-link/:token`: whose link it is and a button, or 410 when it no longer works. A GET changes nothing. */
export function loadSignInLinkPage(token: string, context: Readonly<RouterContextProvider>) {
  const link = readSignInLink(token);
  return data({ i18n: routeBundles(context, ["auth"]), link: link ? { username: link.username } : null }, { status: link ? 200 : 410, headers: linkHeaders() });
}

/** The button: this browser gets the account's mailed-link device cookie, then the sign-in page with the username filled in. */
export async function signInLinkAction(token: string, request: Request, context: Readonly<RouterContextProvider>) {
  const outcome = await redeemSignInLink(token, clientHash(request));
  if (!outcome.ok) return data({ gone: true }, { status: 410, headers: linkHeaders() });
  const t = requestT(context, "auth");
  const headers = linkHeaders();
  headers.append("Set-Cookie", deviceCookieFromLink(outcome.value.username, outcome.value.deviceId));
  return redirectWithToast(loginAs(outcome.value.username), { type: "success", title: t("signInLink.doneTitle"), description: t("signInLink.doneDescription") }, { headers });
}
