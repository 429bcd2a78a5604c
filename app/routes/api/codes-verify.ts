import { z } from "zod";
import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { requestLanguage, requestT } from "~/i18n/request.server";
import { apiTooManyAttempts } from "~/rate-limit.server";
import { checkRequest } from "~/verification/request.server";
import { checkCode, verificationApiData, verificationMessage } from "~/verification/verify.server";
import type { Route } from "./+types/codes-verify";

const bodySchema = z.object({
  code: z.union([z.string().max(256), z.number()]).nullish(),
});

/**
 * `POST /api/v1/codes/verify/` with `{code}`: the same check as the verify page. 200 with
 * `data.is_valid` for every checked code (a counterfeit is an answer, not an error), 400 for a
 * missing or empty code, 429 past the per-client limit. Messages follow the request's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const t = requestT(context, "verify");
  const body = await readBody(request, bodySchema);
  try {
    const answer = await checkCode(checkRequest(request, context, body.code));
    if (answer.kind === "empty") {
      return apiError(400, t("form.empty"), { fields: { code: [t("form.empty")] } });
    }
    if (answer.kind === "limited") {
      return apiTooManyAttempts(context, answer.retryAfterSeconds);
    }
    const { verification } = answer;
    return apiOk(verificationApiData(verification), verificationMessage(t, verification, requestLanguage(context)));
  } catch (error) {
    console.error("Verification failed:", error);
    return apiError(503, t("form.failed"), "verification_failed");
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
