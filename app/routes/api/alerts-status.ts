import { clientHash } from "~/platform/http/client.server";
import { requireApiAdmin } from "~/features/sessions/guard.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { alertDetailJson } from "~/features/alerts/json";
import { changeAlertStatus } from "~/features/alerts/alerts.server";
import { alertErrors } from "~/features/alerts/errors";
import { alertStatusSchema } from "~/features/alerts/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { alertDetailJsonSchema } from "~/features/alerts/json";

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
