import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { presentBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { recallBatch } from "~/features/batches/recalls.server";
import { recallSchema } from "~/features/batches/schemas";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { batchJsonSchema } from "~/features/batches/json";

const contract = {
  POST: {
    permission: "batches:write",
    tag: "Print runs",
    summary: "Recall a print run",
    description: "201 when the run is recalled, 200 when its open recall is updated (decision 153).",
    body: (t) => recallSchema(t("batches")),
    answers: [ok(z.object({ batch: batchJsonSchema }), "The run, recalled.", 201), ok(z.object({ batch: batchJsonSchema }), "The run's open recall, updated.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/batches/{id}/recall/ {notice_en, notice_ar, since?} → `data: {batch}`: 201 when the run
 * is recalled, 200 when its open recall is updated; bad input 400 (nothing stored), 404 unknown run,
 * 409 revoked run (decision 153).
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "batches");
    const input = await readBody(args, recallSchema(t));
    const result = await recallBatch(args.params.batchId, { ...input, by: admin.id, audit: auditBy(args.request, admin) });
    if (!result.ok) return apiFailure(args.context, batchErrors, result);
    const { batch, created } = result.value;
    return apiOk({ batch: presentBatch(batch) }, t(created ? "api.recalled" : "api.recall_updated"), { status: created ? 201 : 200 });
  },
});

export const loader = route.loader;
export const action = route.action;
