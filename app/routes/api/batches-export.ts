import { auditBy } from "~/audit/audit.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { batchErrors } from "~/batches/errors";
import { exportBatch, exportKindOf } from "~/batches/exports/exports.server";
import { labelSheetSchema } from "~/batches/schemas";
import { apiFailure, apiRoute, readQuery } from "~/http/api.server";
import { requestLanguage, requestT } from "~/i18n/i18n.server";

/**
 * GET /api/v1/batches/{id}/codes.csv, …/labels.pdf?layout=L7651|L7160&lang=en|ar|both&from=&to=, …/labels.zip: the
 * run's downloads, streamed, `no-store`; 404 unknown run, 400 unknown layout or range.
 */
const route = apiRoute({
  GET: async (args) => {
    const admin = await requireApiAdmin(args);
    const kind = exportKindOf(new URL(args.request.url).pathname);
    const query = kind === "pdf" ? readQuery(args, labelSheetSchema(requestT(args.context, "batches")), ["layout", "lang", "from", "to"]) : {};
    const result = await exportBatch({
      kind,
      batchId: args.params.batchId,
      ...query,
      language: requestLanguage(args.context),
      caption: requestT(args.context, "admin")("codes.label.caption"),
      by: auditBy(args.request, admin),
    });
    return result.ok ? result.value : apiFailure(args.context, batchErrors, result);
  },
});

export const loader = route.loader;
export const action = route.action;
