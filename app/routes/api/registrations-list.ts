import { recordAudit, auditBy } from "~/audit/audit.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { apiRoute, readQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { registrationJson } from "~/registrations/json";
import { listRegistrations } from "~/registrations/registrations.server";
import { registrationListSchema } from "~/registrations/schemas";
import { paged, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { registrationJsonSchema } from "~/registrations/json";

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
