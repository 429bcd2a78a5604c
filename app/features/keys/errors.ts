import { errorCatalogue } from "~/platform/lib/errors";

/** What can go wrong when an owner manages API keys: the same status and message on the screen and in the API. */
export const keyErrors = errorCatalogue("keys", {
  not_found: { status: 404, message: "errors.notFound" },
  already_revoked: { status: 409, message: "errors.alreadyRevoked" },
});

export type KeyError = keyof typeof keyErrors.errors;
