import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute, readPageQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { listMembers, presentAdmin } from "~/team/members.server";

/** GET /api/v1/admins/list/?page=N (owner) → `data: {admins}` (id, username, email, role, disabled, mfa_enabled, mfa_locked, created_at, last_sign_in_at) and `pagination`. */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const { items, pagination } = await listMembers(readPageQuery(args));
    return apiOkPaged({ admins: items.map(presentAdmin) }, pagination, requestT(args.context, "team")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
