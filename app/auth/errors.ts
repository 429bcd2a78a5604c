import { errorCatalogue } from "~/lib/errors";

/**
 * Sign-in and session errors, with the HTTP status and message the API and the login page answer.
 * A refresh that fails for any reason says the same to the client; only reuse has its own name, so
 * a client knows its session was ended on purpose.
 */
export const authErrors = errorCatalogue("auth", {
  invalid_credentials: { status: 401, message: "toast.invalidCredentials" },
  invalid: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  expired: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  revoked: { status: 401, message: "api.refreshFailed", code: "invalid_refresh_token" },
  reused: { status: 401, message: "api.refreshFailed", code: "token_reused" },
  unknown_session: { status: 401, message: "api.invalidRefreshToken", code: "invalid_refresh_token" },
});

export type RefreshError = "invalid" | "expired" | "revoked" | "reused";
