import { apiRoute, readBody } from "~/platform/http/api.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { packRequest, redeemPack } from "~/features/packs/packs.server";
import { pinSchema } from "~/features/packs/schemas";
import { checkApiAnswer, checkUnavailable } from "~/features/check/verify-api.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { checkAnswerSchema } from "~/features/check/json";

const contract = {
  POST: {
    tag: "Verification",
    summary: "Redeem a pack's PIN",
    description:
      "Answered as a code's check: `is_valid: true` for the one redemption that wins; `is_valid: false` for a redeemed or revoked pack or an unknown serial; a wrong PIN on a pack we made is a typo, not a verdict: `is_valid: false`, `reason: \"wrong_pin\"` and `attempts_left` (decision 165). 429 past 5 wrong PINs per serial and client a day, and past the client's check limit.",
    body: (t) => pinSchema(t("verify")),
    answers: [ok(checkAnswerSchema, "The redemption's outcome.")],
    errors: [400],
    limited: true,
  },
} satisfies ApiContract;

/**
 * `POST /api/v1/packs/{serial}/redeem/` with `{pin}` (public): the PIN redeemed once, answered as
 * `POST /api/v1/codes/verify/` answers a code: 6000 with `is_valid: true` and `code_details` (product,
 * lot, best_before) for the one redemption that wins; 6000 with `is_valid: false` for a redeemed
 * (`first_verified_at`) or revoked pack or an unknown serial, and for a wrong PIN with `reason:
 * "wrong_pin"` and `attempts_left` (decision 165); 400 for a missing or malformed
 * PIN; 429 past the limits (5 wrong PINs per serial and client a day, and the client's check limit).
 */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "verify");
      const body = await readBody(args, pinSchema(t));
      const answer = await redeemPack({ ...packRequest(args.request, args.context, args.params.serial ?? ""), pin: body.pin });
      return checkApiAnswer(args, answer, "pin", t("pack.pinEmpty"));
    },
  },
  checkUnavailable,
);

export const loader = route.loader;
export const action = route.action;
