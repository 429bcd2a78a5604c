import { auditBy } from "~/platform/audit/audit.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { apiFailure, type ApiArgs } from "~/platform/http/api.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { batchErrors } from "../batches/errors";
import { exportBatch, type ExportKind, type ExportRequest } from "./exports.server";

/** A label sheet's choices, as the PDF's query gives them. */
type Sheet = Pick<ExportRequest, "layout" | "lang" | "from" | "to">;

/**
 * A run's download as the API answers it (the three `routes/api/batches-*` download modules): the file,
 * streamed and audited, or the failure in the envelope (404 unknown run, 409 revoked, …).
 */
export async function batchDownload(args: ApiArgs, admin: AdminIdentity, kind: ExportKind, sheet: Sheet = {}): Promise<Response> {
  const result = await exportBatch({
    kind,
    batchId: args.params.batchId,
    ...sheet,
    language: requestLanguage(args.context),
    caption: requestT(args.context, "admin")("codes.label.caption"),
    by: auditBy(args.request, admin),
  });
  return result.ok ? result.value : apiFailure(args.context, batchErrors, result);
}
