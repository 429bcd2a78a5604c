import { apiRoute, apiTooManyAttempts, readBody } from "~/http/api.server";
import { apiError, apiOk } from "~/http/envelope.server";
import { requestLanguage, requestT } from "~/i18n/i18n.server";
import { verifySchema } from "~/verification/schemas";
import { requestTimeZone } from "~/i18n/time-zone";
import { verificationMessage } from "~/verification/messages";
import { checkCode, checkRequest, verificationApiData } from "~/verification/verify.server";

/**
 * `POST /api/v1/codes/verify/` with `{code}`: the same check as the verify page. 200 with
 * `data.is_valid` for every checked code (a counterfeit is an answer, not an error), 400 for a
 * missing or empty code, 429 past the per-client limit. Messages follow the request's language.
 */
const route = apiRoute(
  {
    POST: async (args) => {
      const t = requestT(args.context, "verify");
      const body = await readBody(args, verifySchema(t));
      const answer = await checkCode(checkRequest(args.request, args.context, body.code));
      if (!answer.ok) {
        if (answer.error === "rate_limited") return apiTooManyAttempts(args.context, answer.retryAfterSeconds ?? 60);
        return apiError(400, t("form.empty"), { fields: { code: [t("form.empty")] } });
      }
      // `scan_id` names the recorded check: a client reports where it bought a counterfeit with it.
      return apiOk({ ...verificationApiData(answer.value), scan_id: answer.value.scanId }, verificationMessage(t, answer.value, requestLanguage(args.context), requestTimeZone(args.request)));
    },
  },
  { unavailable: { namespace: "verify", message: "form.failed", error: "verification_failed" } },
);

export const loader = route.loader;
export const action = route.action;
