import { requireApiAdmin } from "~/features/sessions/guard.server";
import { batchDownload } from "~/features/print-files/export-api.server";
import { labelSheetSchema } from "~/features/batches/schemas";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { file, type ApiContract } from "~/platform/http/contract";

const contract = {
  GET: {
    permission: "batches:export",
    tag: "Print runs",
    summary: "Download a run's label sheets (PDF)",
    query: (t) => labelSheetSchema(t("batches")),
    answers: [file("application/pdf", "A4 label sheets, streamed.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/batches/{id}/labels.pdf?layout=L7651|L7160&lang=en|ar|both&from=&to=: the run's A4 label
 * sheets, streamed, `no-store`; 404 unknown run, 400 unknown layout or range, 409 revoked.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    const admin = await requireApiAdmin(args);
    const sheet = readQuery(args, labelSheetSchema(requestT(args.context, "batches")), ["layout", "lang", "from", "to"]);
    return batchDownload(args, admin, "pdf", sheet);
  },
});

export const loader = route.loader;
export const action = route.action;
