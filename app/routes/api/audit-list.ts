import { listAudit, presentAuditEntry } from "~/audit/audit-list.server";
import { AUDIT_FILTER_NAMES, auditFiltersSchema } from "~/audit/schemas";
import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute, readQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/**
 * GET /api/v1/audit/list/?actor=&action=&from=&to=&page= (owner) → `data: {entries}` (id, created_at,
 * actor, action, target, outcome), newest first, and `pagination`. The trail is read-only: no call
 * edits or deletes an entry.
 */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "audit");
    const { page, ...filters } = readQuery(args, auditFiltersSchema(t), AUDIT_FILTER_NAMES);
    const { items, pagination } = await listAudit(filters, page);
    return apiOkPaged({ entries: items.map(presentAuditEntry) }, pagination, t("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
