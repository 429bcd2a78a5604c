import type { RouterContextProvider } from "react-router";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { deviceCookieAfterSignIn } from "./device-cookie.server";
import { pendingStep } from "~/platform/access/identity";
import type { SignedIn } from "./login.server";

/**
 * What the API's sign-in calls answer once a member is signed in (`POST /api/v1/users/login/` without
 * two-factor, `POST /api/v1/users/login/mfa/` with it): the token pair, the member, and what they must
 * do before other calls are open to them. A browser also gets its device cookie.
 */
export function signedInAnswer(request: Request, context: Readonly<RouterContextProvider>, value: SignedIn): Response {
  const { tokens, admin } = value;
  const step = pendingStep(admin);
  const headers = deviceCookieAfterSignIn(request, admin.username).map((cookie) => ["Set-Cookie", cookie] as [string, string]);
  return apiOk(
    {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      token_type: "Bearer",
      expires_in: tokens.expiresIn,
      user: { id: admin.id, username: admin.username, role: admin.role },
      password_change_required: step === "password",
      mfa_enrolment_required: step === "mfa",
    },
    requestT(context, "auth")("toast.loginSuccess"),
    { headers },
  );
}
