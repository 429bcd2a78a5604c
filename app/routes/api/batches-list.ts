import { requireApiAdmin } from "~/features/sessions/guard.server";
import { listBatches, presentBatch } from "~/features/batches/batches.server";
import { batchListQuery } from "~/features/batches/schemas";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { batchJsonSchema } from "~/features/batches/json";

const contract = {
  GET: {
    permission: "batches:read",
    tag: "Print runs",
    summary: "List print runs",
    query: batchListQuery,
    answers: [paged(z.object({ batches: z.array(batchJsonSchema) }))],
    errors: [400],
  },
} satisfies ApiContract;

/** GET /api/v1/batches/list/?page=N → `data: {batches}` (newest first) and `pagination`. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const list = await listBatches(readQuery(args, batchListQuery, ["page"]).page);
    return apiOkPaged({ batches: list.items.map(presentBatch) }, list.pagination, requestT(args.context, "batches")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
