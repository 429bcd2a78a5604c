import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { createCode } from "~/features/code-admin/codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { codeErrors } from "~/features/code-admin/errors";
import { createCodeSchema } from "~/features/code-admin/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { codeJsonSchema } from "~/platform/codes/json";

const contract = {
  POST: {
    permission: "codes:write",
    tag: "Codes",
    summary: "Create a code",
    body: (t) => createCodeSchema(t("admin")),
    answers: [ok(codeJsonSchema, "The code, created.", 201)],
    errors: [400, 409],
  },
} satisfies ApiContract;

/** POST /api/v1/codes/create/ {code, product_id} → 201 with the code; 400, 409 by the codes' catalogue. */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "admin");
    const input = await readBody(args, createCodeSchema(t));
    const result = await createCode({ code: input.code, productId: input.product_id }, auditBy(args.request, admin));
    if (!result.ok) return apiFailure(args.context, codeErrors, result);
    return apiOk(presentCode(result.value, "full"), t("codes.toast.created"), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
