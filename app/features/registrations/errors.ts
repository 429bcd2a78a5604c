import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong with a registration (decision 162), for the pages and the API alike: each error's
 * HTTP status and its message (in the "registrations" dictionary). A sign-up on an unknown scan or on a
 * result that was not genuine is bad input (400), as a malformed e-mail is: nothing is stored.
 */
export const registrationErrors = errorCatalogue("registrations", {
  scan_not_found: { status: 400, message: "errors.scan_not_found" },
  not_genuine: { status: 400, message: "errors.not_genuine" },
  batch_not_found: { status: 404, message: "errors.batch_not_found", code: "not_found" },
  token_invalid: { status: 404, message: "errors.token_invalid", code: "not_found" },
});

export type RegistrationError = keyof typeof registrationErrors.errors;
