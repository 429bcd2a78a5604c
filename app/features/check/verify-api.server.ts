import { apiTooManyAttempts, type ApiArgs } from "~/platform/http/api.server";
import { apiError, apiOk } from "~/platform/http/envelope.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { requestTimeZone } from "~/platform/i18n/time-zone";
import { verificationMessage } from "~/platform/codes/messages";
import { verificationApiData, type CheckAnswer } from "./verify.server";

/** A shopper's check when the database is away: 503 with the verify page's "Failed to verify code". */
export const checkUnavailable = { unavailable: { namespace: "verify", message: "form.failed", error: "verification_failed" } } as const;

/**
 * The API's answer to a shopper's check, the same for a code (`POST /api/v1/codes/verify/`) and a
 * pack's PIN (`POST /api/v1/packs/{serial}/redeem/`): 200 with `data.is_valid` for every answer (a
 * counterfeit is an answer, not an error) and `scan_id` (a client reports where it bought a
 * counterfeit with it); a pack's answer adds `first_verified_at` (set for a pack already redeemed) and
 * `attempts_left` (after a wrong PIN). A PIN typed where a code goes is 200 with `reason: "pin"` and
 * no scan (decision 165). 400 with the field's message when there was nothing to check, 429 past the
 * limits.
 */
export function checkApiAnswer(args: Pick<ApiArgs, "request" | "context">, answer: CheckAnswer, field: "code" | "pin", empty: string): Response {
  if (!answer.ok) {
    if (answer.error === "rate_limited") return apiTooManyAttempts(args.context, answer.retryAfterSeconds ?? 60);
    if (answer.error === "pin") return apiOk({ is_valid: false, reason: "pin", code_details: null, scan_id: null }, requestT(args.context, "verify")("pin.message"));
    return apiError(400, empty, { fields: { [field]: [empty] } });
  }
  const verification = answer.value;
  const pack = verification.packSerial ? { first_verified_at: verification.outcome === "used" ? verification.verifiedAt : null, attempts_left: verification.attemptsLeft } : {};
  const message = verificationMessage(requestT(args.context, "verify"), verification, requestLanguage(args.context), requestTimeZone(args.request));
  return apiOk({ ...verificationApiData(verification), ...pack, scan_id: verification.scanId }, message);
}
