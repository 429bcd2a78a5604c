import { requireApiAdmin } from "~/features/sessions/guard.server";
import { getBatch, presentBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { fail } from "~/platform/lib/result";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { batchJsonSchema } from "~/features/batches/json";

const contract = {
  GET: { permission: "batches:read", tag: "Print runs", summary: "Get a print run", answers: [ok(z.object({ batch: batchJsonSchema }), "The run.")], errors: [404] },
} satisfies ApiContract;

/** GET /api/v1/batches/{id}/ → `data: {batch}`; 404 for an unknown id. */
const route = apiRoute(contract, {
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
