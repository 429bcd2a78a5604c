import { requireApiAdmin } from "~/features/sessions/guard.server";
import { listKeys } from "~/features/keys/api-keys.server";
import { keyListJson } from "~/features/keys/json";
import { apiRoute, PAGE_QUERY, readPageQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { keyListJsonSchema } from "~/features/keys/json";

const contract = {
  GET: { permission: "keys:manage", tag: "API keys", summary: "List API keys", query: PAGE_QUERY, answers: [paged(z.object({ keys: z.array(keyListJsonSchema) }))], errors: [400] },
} satisfies ApiContract;

/** GET /api/v1/keys/list/?page=N (owner, never a key) → `data: {keys}` (never a secret) and `pagination`. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const { items, pagination } = await listKeys(readPageQuery(args));
    return apiOkPaged({ keys: items.map(keyListJson) }, pagination, requestT(args.context, "keys")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
