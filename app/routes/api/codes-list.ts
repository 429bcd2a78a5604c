import { requireApiActor } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { presentCodesFor } from "~/platform/codes/code-reads.server";
import { listCodes } from "~/features/code-admin/codes.server";
import { codeErrors } from "~/features/code-admin/errors";
import { codeListQuery } from "~/features/code-admin/schemas";
import { paged, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { codeCountsSchema } from "~/features/code-admin/json";
import { codeJsonSchema } from "~/platform/codes/json";

const contract = {
  GET: {
    permission: "codes:read",
    tag: "Codes",
    summary: "List codes",
    description:
      "Active or expired codes, narrowed to a print run (`batch`, 404 when unknown) or one exact code. Active codes are masked for a role without `codes:export` (nothing of the code shown); read in full they count against `CODE_READ_RATE_LIMIT` (429), and so does every exact search (`code`), found or not, audited (decision 170).",
    query: codeListQuery,
    answers: [paged(z.object({ codes: z.array(codeJsonSchema), counts: codeCountsSchema }))],
    errors: [400, 404],
  },
} satisfies ApiContract;

/**
 * GET /api/v1/codes/list/?status=active|expired&page=N[&batch={id}][&code=ABCD-1234] → `data {codes,
 * counts}` and `pagination`; `batch` narrows to one print run (404 when unknown), `code` to one exact
 * code (normalised). The counts are those of the narrowed list. Active codes are masked for a role
 * without `codes:export`; read in full they count against CODE_READ_RATE_LIMIT (429) and are audited.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    const { admin, clientHash } = await requireApiActor(args);
    const { status, page, batch, code } = readQuery(args, codeListQuery, ["status", "page", "batch", "code"]);
    const result = await listCodes(status, page, { batchId: batch, code });
    if (!result.ok) return apiFailure(args.context, codeErrors, result);
    const list = result.value;
    const codes = await presentCodesFor({ admin, clientHash }, list.items, { batchId: batch, page, search: code !== undefined });
    if (!codes.ok) return apiFailure(args.context, codeErrors, codes);
    return apiOkPaged({ codes: codes.value, counts: list.counts }, list.pagination, requestT(args.context, "admin")("api.listed"));
  },
});

export const loader = route.loader;
export const action = route.action;
