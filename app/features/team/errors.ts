import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong when an owner manages the team: the same status and message on the team screen
 * and in the API.
 */
export const teamErrors = errorCatalogue("team", {
  invalid_username: { status: 400, message: "errors.invalidUsername" },
  duplicate_username: { status: 409, message: "errors.duplicateUsername" },
  duplicate_email: { status: 409, message: "errors.duplicateEmail" },
  invalid_email: { status: 400, message: "errors.invalidEmail" },
  unknown_role: { status: 400, message: "errors.unknownRole" },
  too_short: { status: 400, message: "errors.passwordTooShort", code: "weak_password" },
  too_long: { status: 400, message: "errors.passwordTooLong", code: "weak_password" },
  too_weak: { status: 400, message: "errors.passwordTooWeak", code: "weak_password" },
  not_found: { status: 404, message: "errors.notFound" },
  last_owner: { status: 409, message: "errors.lastOwner" },
  cannot_disable_self: { status: 409, message: "errors.cannotDisableSelf" },
  nothing_to_change: { status: 400, message: "errors.nothingToChange" },
});

export type TeamError = keyof typeof teamErrors.errors;
