import { requireApiAdmin } from "~/auth/guard.server";
import { getBatch, presentBatch } from "~/batches/batches.server";
import { batchErrors } from "~/batches/errors";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { fail } from "~/lib/result";

/** GET /api/v1/batches/{id}/ → `data: {batch}`; 404 for an unknown id. */
const route = apiRoute({
  GET: async (args) => {
    const { context, params } = args;
    await requireApiAdmin(args);
    const batch = await getBatch(params.batchId);
    if (!batch) return apiFailure(context, batchErrors, fail("not_found"));
    return apiOk({ batch: presentBatch(batch) }, requestT(context, "batches")("api.found"));
  },
});

export const loader = route.loader;
export const action = route.action;
