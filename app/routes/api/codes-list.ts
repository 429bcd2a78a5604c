import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute, readQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { pageParam } from "~/lib/paging";
import { z } from "~/lib/zod";
import { listCodes, presentCode } from "~/verification/codes.server";

const query = z.object({
  status: z.enum(["active", "expired"]).default("active"),
  page: pageParam,
});

/** GET /api/v1/codes/list/?status=active|expired&page=N → `data {codes, counts}` and `pagination`. */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const { status, page } = readQuery(args, query, ["status", "page"]);
    const list = await listCodes(status, page);
    return apiOkPaged({ codes: list.items.map(presentCode), counts: list.counts }, list.pagination, requestT(args.context, "admin")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
