import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong with a counterfeit report, for the shopper's page, the admin's screens and the
 * API alike: each error's HTTP status and its message (in the "report" dictionary).
 */
export const reportErrors = errorCatalogue("report", {
  scan_not_found: { status: 404, message: "errors.scan_not_found" },
  genuine_result: { status: 409, message: "errors.genuine_result" },
  photo_too_large: { status: 413, message: "errors.photo_too_large" },
  photo_too_many_pixels: { status: 413, message: "errors.photo_too_many_pixels" },
  photo_type: { status: 400, message: "errors.photo_type" },
  photo_unreadable: { status: 400, message: "errors.photo_unreadable" },
  photo_busy: { status: 503, message: "errors.photo_busy" },
  photo_requires_multipart: { status: 400, message: "errors.photo_requires_multipart" },
  report_not_found: { status: 404, message: "errors.report_not_found", code: "not_found" },
  report_transition: { status: 409, message: "errors.report_transition", code: "invalid_transition" },
});

export type ReportError = keyof typeof reportErrors.errors;
