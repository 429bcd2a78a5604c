import { auditBy } from "~/platform/audit/audit.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, type ApiArgs } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { expireCode } from "~/features/code-admin/codes.server";
import { presentCode } from "~/platform/codes/code-reads.server";
import { codeErrors } from "~/features/code-admin/errors";
import { ok, type ApiContract, type ApiOperation } from "~/platform/http/contract";
import { codeJsonSchema } from "~/platform/codes/json";

/** PUT and PATCH do the same: one operation, two summaries. */
const expiry = (summary: string): ApiOperation => ({ permission: "codes:write", tag: "Codes", summary, answers: [ok(codeJsonSchema, "The code, expired.")], errors: [404, 409] });

const contract = { PUT: expiry("Expire a code"), PATCH: expiry("Expire a code (PATCH)") } satisfies ApiContract;

/** PUT or PATCH /api/v1/codes/expire/{code_id}/ → the expired code; 404 unknown, 409 not active. */
async function expire(args: ApiArgs) {
  const { context, params } = args;
  const admin = await requireApiAdmin(args);
  const result = await expireCode(params.codeId, auditBy(args.request, admin));
  if (!result.ok) return apiFailure(context, codeErrors, result);
  return apiOk(presentCode(result.value, "full"), requestT(context, "admin")("codes.toast.expired"));
}

const route = apiRoute(contract, { PUT: expire, PATCH: expire });

export const loader = route.loader;
export const action = route.action;
