import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { presentBatch, revokeBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { revokeBatchSchema } from "~/features/batches/schemas";
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
    summary: "Revoke a print run",
    body: (t) => revokeBatchSchema(t("batches")),
    answers: [ok(z.object({ batch: batchJsonSchema }), "The run, revoked.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/** POST /api/v1/batches/revoke/{id}/ {reason, note?} → `data: {batch}`; 404 unknown, 409 already revoked. */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "batches");
    const input = await readBody(args, revokeBatchSchema(t));
    const result = await revokeBatch(args.params.batchId, { reason: input.reason, note: input.note, revokedBy: admin.id, by: auditBy(args.request, admin) });
    if (!result.ok) return apiFailure(args.context, batchErrors, result);
    return apiOk({ batch: presentBatch(result.value) }, t("api.revoked"));
  },
});

export const loader = route.loader;
export const action = route.action;
