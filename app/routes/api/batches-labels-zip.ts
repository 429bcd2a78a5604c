import { requireApiAdmin } from "~/auth/guard.server";
import { batchDownload } from "~/batches/exports/export-api.server";
import { apiRoute } from "~/http/api.server";
import { file, type ApiContract } from "~/openapi/contract";

const contract = {
  GET: { permission: "batches:export", tag: "Print runs", summary: "Download a run's labels (ZIP)", answers: [file("application/zip", "One label per code, streamed.")], errors: [400, 404, 409] },
} satisfies ApiContract;

/** GET /api/v1/batches/{id}/labels.zip: one SVG label per code, streamed, `no-store`; 404 unknown run, 409 revoked. */
const route = apiRoute(contract, {
  GET: async (args) => batchDownload(args, await requireApiAdmin(args), "zip"),
});

export const loader = route.loader;
export const action = route.action;
