import { clientHash } from "~/http/client.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { apiFailure, apiRoute, readBody } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { alertDetailJson } from "~/alerts/json";
import { changeAlertStatus } from "~/alerts/alerts.server";
import { alertErrors } from "~/alerts/errors";
import { alertStatusSchema } from "~/alerts/schemas";
import { ok, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { alertDetailJsonSchema } from "~/alerts/json";

const contract = {
  POST: {
    permission: "alerts:write",
    tag: "Alerts",
    summary: "Move an alert along",
    description: "open → acknowledged → closed; 409 for a move that is not allowed.",
    body: (t) => alertStatusSchema(t("protection")),
    answers: [ok(z.object({ alert: alertDetailJsonSchema }), "The alert.")],
    errors: [400, 404, 409],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/alerts/{id}/status/ `{status}` → `data: {alert}`: open → acknowledged → closed (with who
 * and when). 400 for an unknown status, 404 for an unknown alert, 409 for a move that is not allowed.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const admin = await requireApiAdmin(args);
    const t = requestT(args.context, "protection");
    const { status } = await readBody(args, alertStatusSchema(t));
    const result = await changeAlertStatus(args.params.alertId, status, admin, clientHash(args.request));
    if (!result.ok) return apiFailure(args.context, alertErrors, result);
    return apiOk({ alert: alertDetailJson(result.value) }, t("api.alertUpdated"));
  },
});

export const loader = route.loader;
export const action = route.action;
