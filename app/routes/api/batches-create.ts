import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { createBatch, newBatchOf, presentBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { createBatchSchema } from "~/features/batches/schemas";
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
    summary: "Create a print run",
    description: "Issues `quantity` codes (or two-part packs) at once; nothing is made on bad input.",
    body: (t) => createBatchSchema(t("batches")),
    answers: [ok(z.object({ batch: batchJsonSchema }), "The run, created.", 201)],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/batches/create/ {product_id, quantity, lot, manufactured_on?, best_before?, market?,
 * note?} → 201 with `data: {batch}`; bad input 400 (nothing is made), unknown product 400.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "batches");
    const input = await readBody(args, createBatchSchema(t));
    const result = await createBatch(newBatchOf(input, admin.id), { by: auditBy(args.request, admin) });
    if (!result.ok) return apiFailure(args.context, batchErrors, result);
    return apiOk({ batch: presentBatch(result.value) }, t("api.created"), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
