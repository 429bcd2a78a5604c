import { z } from "~/platform/lib/zod";

/** Why a tap is not genuine: a counter seen before (a copied link), a MAC the tag's key did not make, a UID no run of this lot has, a revoked tag. */
export const TAP_REASONS = ["replayed", "bad_mac", "unknown_tag", "revoked"] as const;
export type TapReason = (typeof TAP_REASONS)[number];

/** `POST /api/v1/nfc/verify/`'s `data` (issue 41): the one shape of a tap's answer. */
export const tapApiDataSchema = z.object({
  is_valid: z.boolean().describe("True for a genuine tap: the tag's own MAC and a counter above every one seen before (also for a recalled run: see `recall`)."),
  reason: z
    .enum(TAP_REASONS)
    .nullable()
    .describe(
      "Null for a genuine tap; `replayed`: a counter already seen (the link was copied from a real tap); `bad_mac`: not the tag's own MAC; `unknown_tag`: no tag of this lot (or a PICCData no key of it reads); `revoked`: the tag's run was revoked.",
    ),
  uid: z.string().nullable().describe("The tag's 7-byte UID (14 hex), null when the PICCData could not be read."),
  counter: z.number().int().nullable().describe("The tap's SUN read counter, null when the PICCData could not be read."),
  product: z.object({ id: z.string(), name: z.string().nullable(), name_ar: z.string().nullable() }).nullable(),
  lot: z.string().nullable(),
  best_before: z.string().nullable(),
  first_tap_at: z.string().nullable().describe("When the tag was first tapped genuinely (null before its first genuine tap)."),
  taps: z.number().int().describe("The tag's genuine taps so far (a genuine tag is tapped many times)."),
  recall: z.object({ since: z.string(), notice: z.string() }).nullable(),
  scan_id: z.string().describe("The tap's scan id: a copied or forged tag is reported with it (`POST /api/v1/reports/create/`)."),
});
