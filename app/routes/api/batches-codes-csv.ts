import { requireApiAdmin } from "~/features/sessions/guard.server";
import { batchDownload } from "~/features/print-files/export-api.server";
import { apiRoute } from "~/platform/http/api.server";
import { file, type ApiContract } from "~/platform/http/contract";

const contract = {
  GET: { permission: "batches:export", tag: "Print runs", summary: "Download a run's codes (CSV)", answers: [file("text/csv", "The printer's CSV, streamed.")], errors: [400, 404, 409] },
} satisfies ApiContract;

/** GET /api/v1/batches/{id}/codes.csv: the run's codes for the printer, streamed, `no-store`; 404 unknown run, 409 revoked. */
const route = apiRoute(contract, {
  GET: async (args) => batchDownload(args, await requireApiAdmin(args), "csv"),
});

export const loader = route.loader;
export const action = route.action;
