import { errorCatalogue } from "~/platform/lib/errors";

/**
 * Sign-in, session and account errors, with the HTTP status and message the API and the pages
 * answer. A refresh that fails for any reason says the same to the client; only reuse has its own
 * name, so a client knows its session was ended on purpose.
 */
export const authErrors = errorCatalogue("auth", {
  invalid_credentials: { status: 401, message: "toast.invalidCredentials" },
  invalid: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  expired: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  revoked: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  reused: { status: 401, message: "api.refreshFailed", code: "token_reused" },
  unknown_session: { status: 401, message: "api.invalidRefreshToken", code: "invalid_refresh_token" },
  invalid_mfa_token: { status: 401, message: "errors.invalidMfaToken" },
  invalid_code: { status: 401, message: "errors.invalidCode" },
  second_step_locked: { status: 423, message: "errors.secondStepLocked" },
  forbidden: { status: 403, message: "errors.forbidden" },
  /** An API key whose scopes do not cover the call (decision 154). */
  key_scope: { status: 403, message: "errors.keyScope", code: "insufficient_scope" },
  password_change_required: { status: 403, message: "errors.passwordChangeRequired" },
  mfa_enrolment_required: { status: 403, message: "errors.mfaEnrolmentRequired" },
  wrong_password: { status: 400, message: "errors.wrongPassword" },
  too_short: { status: 400, message: "errors.passwordTooShort", code: "weak_password" },
  too_long: { status: 400, message: "errors.passwordTooLong", code: "weak_password" },
  too_weak: { status: 400, message: "errors.passwordTooWeak", code: "weak_password" },
  same_password: { status: 400, message: "errors.samePassword", code: "weak_password" },
  wrong_code: { status: 400, message: "errors.wrongCode" },
  mfa_already_on: { status: 409, message: "errors.mfaAlreadyOn" },
  mfa_not_on: { status: 409, message: "errors.mfaNotOn" },
  no_enrolment: { status: 409, message: "errors.noEnrolment" },
  session_not_found: { status: 404, message: "errors.sessionNotFound" },
  invitation_invalid: { status: 410, message: "errors.invitationInvalid" },
  duplicate_email: { status: 409, message: "errors.duplicateEmail" },
  reset_invalid: { status: 410, message: "errors.resetInvalid" },
  /** Notices about alerts and reports go to an address (decision 164). */
  notices_need_email: { status: 400, message: "errors.noticesNeedEmail" },
});

export type AuthError = keyof typeof authErrors.errors;
export type RefreshError = "invalid" | "expired" | "revoked" | "reused";
