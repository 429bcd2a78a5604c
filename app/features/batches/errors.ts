import { errorCatalogue } from "~/platform/lib/errors";

/**
 * What can go wrong with a print run, for its screens and the API alike: each error's HTTP status and
 * its message in the `batches` dictionary.
 */
export const batchErrors = errorCatalogue("batches", {
  unknown_product: { status: 400, message: "errors.unknown_product" },
  lot_not_gs1: { status: 400, message: "errors.lot_not_gs1" },
  uid_taken: { status: 409, message: "errors.uid_taken" },
  nfc_run: { status: 400, message: "errors.nfc_run" },
  not_nfc: { status: 404, message: "errors.not_nfc" },
  not_found: { status: 404, message: "errors.not_found" },
  already_revoked: { status: 409, message: "errors.already_revoked" },
  run_revoked: { status: 409, message: "errors.run_revoked" },
  run_recalled: { status: 409, message: "errors.run_recalled" },
  recall_revoked: { status: 409, message: "errors.recall_revoked" },
  no_recall: { status: 409, message: "errors.no_recall" },
  unknown_layout: { status: 400, message: "errors.unknown_layout" },
  invalid_range: { status: 400, message: "errors.invalid_range" },
  out_of_range: { status: 400, message: "errors.out_of_range" },
});

export type BatchError = keyof typeof batchErrors.errors;
export type CreateBatchError = Extract<BatchError, "unknown_product" | "lot_not_gs1" | "uid_taken">;
export type RevokeBatchError = Extract<BatchError, "not_found" | "already_revoked" | "run_recalled">;
export type RecallError = Extract<BatchError, "not_found" | "recall_revoked">;
export type LiftRecallError = Extract<BatchError, "not_found" | "no_recall">;
export type ExportError = Extract<BatchError, "not_found" | "run_revoked" | "unknown_product" | "unknown_layout" | "invalid_range" | "out_of_range" | "nfc_run" | "not_nfc">;
