import { requireApiAdmin } from "~/auth/guard.server";
import { listBatches, presentBatch } from "~/batches/batches.server";
import { batchListQuery } from "~/batches/schemas";
import { apiRoute, readQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/** GET /api/v1/batches/list/?page=N → `data: {batches}` (newest first) and `pagination`. */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const list = await listBatches(readQuery(args, batchListQuery, ["page"]).page);
    return apiOkPaged({ batches: list.items.map(presentBatch) }, list.pagination, requestT(args.context, "batches")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
