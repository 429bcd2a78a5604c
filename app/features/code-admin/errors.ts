import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong when an admin creates, expires or deletes a code: each error's HTTP status and
 * its message, the same for the codes screen and the API.
 */
export const codeErrors = errorCatalogue("admin", {
  invalid_format: { status: 400, message: "codes.errors.invalid_format" },
  weak_code: { status: 400, message: "codes.errors.weak_code" },
  pin_shape: { status: 400, message: "codes.errors.pin_shape" },
  unknown_product: { status: 400, message: "codes.errors.unknown_product" },
  duplicate: { status: 409, message: "codes.errors.duplicate" },
  not_found: { status: 404, message: "codes.errors.not_found" },
  not_active: { status: 409, message: "codes.errors.not_active" },
  still_active: { status: 409, message: "codes.errors.still_active" },
  in_batch: { status: 409, message: "codes.errors.in_batch" },
  unknown_batch: { status: 404, message: "codes.errors.unknown_batch" },
});

export type CodeError = keyof typeof codeErrors.errors;
export type CreateError = Extract<CodeError, "invalid_format" | "weak_code" | "pin_shape" | "unknown_product" | "duplicate">;
export type ExpireError = Extract<CodeError, "not_found" | "not_active">;
export type DeleteError = Extract<CodeError, "not_found" | "still_active" | "in_batch">;
export type ListError = Extract<CodeError, "unknown_batch">;
