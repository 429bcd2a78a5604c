import { errorCatalogue } from "~/lib/errors";

/**
 * What can go wrong on the brand-protection screens and API (alerts, the scan log, analytics): each
 * error's HTTP status and its message, the same for the screens and the API.
 */
export const protectionErrors = errorCatalogue("protection", {
  alert_not_found: { status: 404, message: "errors.alert_not_found", code: "not_found" },
  alert_transition: { status: 409, message: "errors.alert_transition", code: "invalid_transition" },
});

export type ProtectionError = keyof typeof protectionErrors.errors;
