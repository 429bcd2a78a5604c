import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong with an alert, on the screens and in the API alike: each error's HTTP status and
 * its message (in the "protection" dictionary).
 */
export const alertErrors = errorCatalogue("protection", {
  alert_not_found: { status: 404, message: "errors.alert_not_found", code: "not_found" },
  alert_transition: { status: 409, message: "errors.alert_transition", code: "invalid_transition" },
});

export type AlertError = keyof typeof alertErrors.errors;
