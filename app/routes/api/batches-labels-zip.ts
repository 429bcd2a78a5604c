import { requireApiAdmin } from "~/features/sessions/guard.server";
import { batchDownload } from "~/features/print-files/export-api.server";
import { apiRoute } from "~/platform/http/api.server";
import { file, type ApiContract } from "~/platform/http/contract";

const contract = {
  GET: { permission: "batches:export", tag: "Print runs", summary: "Download a run's labels (ZIP)", answers: [file("application/zip", "One label per code, streamed.")], errors: [400, 404, 409] },
} satisfies ApiContract;

/** GET /api/v1/batches/{id}/labels.zip: one SVG label per code, streamed, `no-store`; 404 unknown run, 409 revoked. */
const route = apiRoute(contract, {
  GET: async (args) => batchDownload(args, await requireApiAdmin(args), "zip"),
});

export const loader = route.loader;
export const action = route.action;
