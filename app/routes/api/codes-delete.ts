import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { deleteCode } from "~/features/code-admin/codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { codeErrors } from "~/features/code-admin/errors";
import { ok, type ApiContract } from "~/platform/http/contract";
import { codeJsonSchema } from "~/platform/codes/json";

const contract = {
  DELETE: {
    permission: "codes:write",
    tag: "Codes",
    summary: "Delete a code",
    description: "Only a code that is no longer active (409 otherwise).",
    answers: [ok(codeJsonSchema, "The code, deleted.")],
    errors: [404, 409],
  },
} satisfies ApiContract;

/** DELETE /api/v1/codes/delete/{code_id}/ — only codes that are no longer active (409 otherwise). */
const route = apiRoute(contract, {
  DELETE: async (args) => {
    const { context, params } = args;
    const admin = await requireApiAdmin(args);
    const result = await deleteCode(params.codeId, auditBy(args.request, admin));
    if (!result.ok) return apiFailure(context, codeErrors, result);
    return apiOk(presentCode(result.value, "full"), requestT(context, "admin")("codes.toast.deleted"));
  },
});

export const loader = route.loader;
export const action = route.action;
