import { requireApiAdmin } from "~/auth/guard.server";
import { getBatch, presentBatch } from "~/batches/batches.server";
import { batchErrors } from "~/batches/errors";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { fail } from "~/lib/result";
import { ok, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { batchJsonSchema } from "~/batches/json";

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
