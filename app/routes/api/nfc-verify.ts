import { apiRoute, apiTooManyAttempts, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { tapApiDataSchema } from "~/features/nfc/json";
import { tapSchema } from "~/features/nfc/schemas";
import { tapApiData, tapTag } from "~/features/nfc/taps.server";
import { tapRequest } from "~/features/nfc/tap-request.server";
import { tapState, tapWords } from "~/features/nfc/words";
import { ok, type ApiContract } from "~/platform/http/contract";

const contract = {
  POST: {
    tag: "Verification",
    summary: "Verify an NFC tag's tap",
    description:
      "What opening a tag's URL (`/01/{GTIN}/10/{lot}?e=…&c=…`) does, for apps: `e` (the PICCData, decrypted with the run's meta-read key) names the tag and its read counter, `c` (the SUN MAC over an empty input under the tag's session key) proves the tag made it. 200 with `is_valid` for every readable tap: a copied or forged link is an answer, not an error (`reason`). A tag is tapped many times: each tap whose counter is above every one seen before is genuine; one with a counter seen before is `replayed`, and of simultaneous submissions of one URL exactly one is genuine. 400 for input no tag makes (`gtin`, `lot`, `e` 32 hex, `c` 16 hex).",
    body: (t) => tapSchema(t("verify")),
    answers: [ok(tapApiDataSchema, "The tap's answer.")],
    errors: [400],
    limited: true,
  },
} satisfies ApiContract;

/** `POST /api/v1/nfc/verify/` with `{gtin, lot, e, c}` (issue 41): the same answer as the tag's page, recorded as a tap. */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "verify");
      const input = await readBody(args, tapSchema(t));
      const answer = await tapTag(tapRequest(args.request, args.context, input));
      if (!answer.ok) return apiTooManyAttempts(args.context, answer.retryAfterSeconds ?? 60);
      const tap = answer.value;
      const state = tapState({ isValid: tap.verification.isValid, reason: tap.reason, recalled: tap.verification.outcome === "recalled" });
      return apiOk(tapApiData(tap), tapWords(t, state).message);
    },
  },
  { unavailable: { namespace: "verify", message: "form.failed", error: "verification_failed" } },
);

export const loader = route.loader;
export const action = route.action;
