import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { presentBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { liftRecall } from "~/features/batches/recalls.server";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { batchJsonSchema } from "~/features/batches/json";

const contract = {
  POST: { permission: "batches:write", tag: "Print runs", summary: "Lift a run's recall", answers: [ok(z.object({ batch: batchJsonSchema }), "The run, its recall lifted.")], errors: [404, 409] },
} satisfies ApiContract;

/** POST /api/v1/batches/{id}/recall/lift/ → `data: {batch}`; 404 unknown run, 409 no open recall (decision 153). */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const result = await liftRecall(args.params.batchId, { by: admin.id, audit: auditBy(args.request, admin) });
    if (!result.ok) return apiFailure(args.context, batchErrors, result);
    return apiOk({ batch: presentBatch(result.value) }, requestT(args.context, "batches")("api.recall_lifted"));
  },
});

export const loader = route.loader;
export const action = route.action;
