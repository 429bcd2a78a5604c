import { labelAuditTargets } from "~/composers/audit-log/audit-targets.server";
import { listAudit, presentAuditEntry } from "~/composers/audit-log/audit-list.server";
import { AUDIT_FILTER_NAMES, auditFiltersSchema } from "~/composers/audit-log/schemas";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { auditListEntryJsonSchema } from "~/composers/audit-log/json";

const contract = {
  GET: {
    permission: "audit:read",
    tag: "Audit",
    summary: "Read the audit trail",
    query: (t) => auditFiltersSchema(t("audit")),
    answers: [paged(z.object({ entries: z.array(auditListEntryJsonSchema) }))],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/audit/list/?actor=&action=&from=&to=&page= (owner) → `data: {entries}` (id, created_at,
 * actor, action, target, outcome, api_key, and `target_label`: the target named for people in the
 * request's language, or null), newest first, and `pagination`. The trail is read-only: no call
 * edits or deletes an entry.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const t = requestT(args.context, "audit");
    const { page, ...filters } = readQuery(args, auditFiltersSchema(t), AUDIT_FILTER_NAMES);
    const { items, pagination } = await listAudit(filters, page);
    const labels = await labelAuditTargets(items.map((entry) => entry.target), requestLanguage(args.context));
    const entries = items.map((entry) => ({ ...presentAuditEntry(entry), target_label: (entry.target && labels.get(entry.target)?.text) || null }));
    return apiOkPaged({ entries }, pagination, t("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
