import { apiRoute, readBody } from "~/platform/http/api.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { verifySchema } from "~/features/check/schemas";
import { checkApiAnswer, checkUnavailable } from "~/features/check/verify-api.server";
import { checkCode, checkRequest } from "~/features/check/verify.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { checkAnswerSchema } from "~/features/check/json";

const contract = {
  POST: {
    tag: "Verification",
    summary: "Check a code",
    description:
      "The verify page's check. 200 with `is_valid` for every checked code: a counterfeit is an answer, not an error. A 9-character input no code has is a pack's PIN typed here: `is_valid: false`, `reason: \"pin\"`, `scan_id: null`, nothing consumed or recorded (decision 165). Messages follow the request's language.",
    body: (t) => verifySchema(t("verify")),
    answers: [ok(checkAnswerSchema, "The check's outcome.")],
    errors: [400],
    limited: true,
  },
} satisfies ApiContract;

/**
 * `POST /api/v1/codes/verify/` with `{code}`: the same check as the verify page. 200 with
 * `data.is_valid` for every checked code (a counterfeit is an answer, not an error), 400 for a
 * missing or empty code, 429 past the per-client limit. Messages follow the request's language.
 */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "verify");
      const body = await readBody(args, verifySchema(t));
      return checkApiAnswer(args, await checkCode(checkRequest(args.request, args.context, body.code)), "code", t("form.empty"));
    },
  },
  checkUnavailable,
);

export const loader = route.loader;
export const action = route.action;
