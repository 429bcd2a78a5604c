import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, PAGE_QUERY, readPageQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { listMembers, presentAdmin } from "~/features/team/members.server";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { adminJsonSchema } from "~/features/team/json";

const contract = {
  GET: { permission: "team:manage", tag: "Team", summary: "List members", query: PAGE_QUERY, answers: [paged(z.object({ admins: z.array(adminJsonSchema) }))], errors: [400] },
} satisfies ApiContract;

/** GET /api/v1/admins/list/?page=N (owner) → `data: {admins}` (id, username, email, role, disabled, mfa_enabled, mfa_locked, created_at, last_sign_in_at) and `pagination`. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const { items, pagination } = await listMembers(readPageQuery(args));
    return apiOkPaged({ admins: items.map(presentAdmin) }, pagination, requestT(args.context, "team")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
