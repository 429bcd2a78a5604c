import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { createBatch, newBatchOf, presentBatch } from "~/features/batches/batches.server";
import { batchErrors } from "~/features/batches/errors";
import { createBatchSchema } from "~/features/batches/schemas";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { BODY_LIMITS } from "~/platform/http/edge.server";
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
    description:
      "Issues `quantity` codes (or two-part packs) at once; nothing is made on bad input. An NFC run (`label: \"nfc\"`) names its tags instead: `uids` (7-byte UIDs, 14 hex each, up to 100,000, no duplicates; the server makes one SDMMetaReadKey for the run and a random SDMFileReadKey per tag), or a supplier's keyed tags, `tags: [{uid, file_read_key}]` with `meta_read_key` (32 hex each). A UID already in another run is 409 `uid_taken`. The keys are sealed and shown only in the run's encoder file (`GET /api/v1/batches/{id}/nfc.csv`). Bodies up to 8 MB.",
    body: (t) => createBatchSchema(t("batches")),
    answers: [ok(z.object({ batch: batchJsonSchema }), "The run, created.", 201)],
    errors: [400, 409],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/batches/create/ {product_id, quantity, lot, manufactured_on?, best_before?, market?,
 * note?, label?} (an NFC run: `uids`, or `tags` and `meta_read_key`, issue 41) → 201 with `data:
 * {batch}`; bad input 400 (nothing is made), unknown product 400, a UID of another run 409.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "batches");
    const input = await readBody(args, createBatchSchema(t), undefined, BODY_LIMITS.runs);
    const result = await createBatch(newBatchOf(input, admin.id), { by: auditBy(args.request, admin) });
    if (!result.ok) return apiFailure(args.context, batchErrors, result);
    return apiOk({ batch: presentBatch(result.value) }, t("api.created"), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
