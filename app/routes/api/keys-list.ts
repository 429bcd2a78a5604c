import { requireApiAdmin } from "~/auth/guard.server";
import { listKeys } from "~/auth/keys/api-keys.server";
import { keyListJson } from "~/auth/keys/json";
import { apiRoute, readPageQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/** GET /api/v1/keys/list/?page=N (owner, never a key) → `data: {keys}` (never a secret) and `pagination`. */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const { items, pagination } = await listKeys(readPageQuery(args));
    return apiOkPaged({ keys: items.map(keyListJson) }, pagination, requestT(args.context, "keys")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
