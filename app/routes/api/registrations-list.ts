import { recordAudit, auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { registrationJson } from "~/features/registrations/json";
import { listRegistrations } from "~/features/registrations/registrations.server";
import { registrationListSchema } from "~/features/registrations/schemas";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { registrationJsonSchema } from "~/features/registrations/json";

const contract = {
  GET: {
    permission: "registrations:read",
    tag: "Registrations",
    summary: "List registered buyers (owners)",
    query: (t) => registrationListSchema(t("registrations")),
    answers: [paged(z.object({ registrations: z.array(registrationJsonSchema) }))],
    errors: [400],
  },
} satisfies ApiContract;

/** GET /api/v1/registrations/list/?batch=&page= (owners) → `data: {registrations}`, newest first, and `pagination`; each read audited. */
const route = apiRoute(contract, {
  GET: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "registrations");
    const { batch, page } = readQuery(args, registrationListSchema(t), ["batch", "page"]);
    const list = await listRegistrations({ batch }, page);
    await recordAudit({ ...auditBy(args.request, admin), action: "registrations.read", target: batch ? `batch:${batch}` : null, detail: { page, count: list.items.length } });
    return apiOkPaged({ registrations: list.items.map(registrationJson) }, list.pagination, t("api.list"));
  },
});

export const loader = route.loader;
export const action = route.action;
