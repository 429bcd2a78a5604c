import { clientHash } from "~/platform/http/client.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { reportStatusSchema } from "~/features/reports/schemas";
import { reportErrors } from "~/features/reports/errors";
import { reportJson } from "~/features/reports/json";
import { changeReportStatus } from "~/features/reports/reports.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { reportJsonSchema } from "~/features/reports/json";

const contract = {
  POST: {
    permission: "reports:write",
    tag: "Reports",
    summary: "Change a report's status",
    body: (t) => reportStatusSchema(t("protection")),
    answers: [ok(z.object({ report: reportJsonSchema }), "The report.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/reports/{id}/status/ `{status, note?}` → `data: {report}`. 400 for an unknown status or
 * an over-long note, 404 for an unknown report, 409 for a move that is not allowed (back to new, or
 * the same status without a note).
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const { status, note } = await readBody(args, reportStatusSchema(t));
    const result = await changeReportStatus(args.params.reportId, status, note, admin, clientHash(args.request));
    if (!result.ok) return apiFailure(args.context, reportErrors, result);
    return apiOk({ report: reportJson(result.value) }, t("api.reportUpdated"));
  },
});

export const loader = route.loader;
export const action = route.action;
