import { z } from "~/platform/lib/zod";

/** The shopper's check as the API answers it: each shape once, as zod, for the builders' types (VerifyApiData) and the OpenAPI document (decision 157). */

/**
 * Why an answer that is not genuine is no verdict (decision 165): `pin`, a PIN typed where a code goes
 * (known by its shape; open the pack by its QR code or serial); `wrong_pin`, a PIN that is not the
 * pack's own (check the characters). Null otherwise: genuine, or the counterfeit answer.
 */
export const checkReasonSchema = z
  .enum(["pin", "wrong_pin"])
  .nullable()
  .describe("Null for a genuine answer and for the counterfeit answer; `pin`: a PIN typed where a code goes (nothing was checked or used up); `wrong_pin`: a PIN that is not this pack's own (a typo: check the characters and try again).");

/** The outcome of a shopper's check as the API answers it; null details for anything not genuine. */
export const verifyApiDataSchema = z.object({
  is_valid: z.boolean(),
  reason: checkReasonSchema,
  code_details: z
    .object({
      code: z.string(),
      product: z.object({ id: z.string(), name: z.string().nullable(), name_ar: z.string().nullable() }),
      verified_at: z.string().nullable(),
      /** The print run's lot and best-before date (YYYY-MM-DD); null for a code made one by one. */
      lot: z.string().nullable(),
      best_before: z.string().nullable(),
      /** Checked after its best-before day: still genuine, past its date. */
      past_best_before: z.boolean(),
      /** The run's open recall (decisions 153, 191): since when, its notice, hazard and remedy in the request's language; null when none. */
      recall: z.object({ since: z.string(), notice: z.string(), hazard: z.string(), remedy: z.string() }).nullable(),
    })
    .nullable(),
});

/** `POST /api/v1/codes/verify/` and `POST /api/v1/packs/{serial}/redeem/`: the check, its scan id, and for a pack when it was first redeemed. */
export const checkAnswerSchema = verifyApiDataSchema.extend({
  first_verified_at: z.string().nullable().optional().describe("A pack's answer only: when its PIN was first redeemed (null when this redemption is the first)."),
  attempts_left: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe("A pack's answer only: with `reason: \"wrong_pin\"`, how many more wrong PINs this client may enter for this pack within 24 hours before the answer is 429; null otherwise."),
  scan_id: z.string().nullable().describe("The scan's id: where a counterfeit was bought is reported with it (`POST /api/v1/reports/create/`). Null when nothing was recorded (`reason: \"pin\"`)."),
});
