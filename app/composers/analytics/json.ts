import { z } from "~/platform/lib/zod";
import { SCAN_OUTCOMES } from "~/platform/codes/outcomes";

const byOutcome = Object.fromEntries(SCAN_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<(typeof SCAN_OUTCOMES)[number], z.ZodNumber>;

/** `GET /api/v1/analytics/overview/`: the one shape of it (analyticsOverview's type, the OpenAPI document's schema). */
export const analyticsJsonSchema = z.object({
  days: z.array(z.object({ date: z.string(), ...byOutcome, views: z.number().int(), taps: z.number().int().describe("Taps of NFC tags: part of the day's answers by outcome.") })),
  totals: z.object({
    ...byOutcome,
    checks: z.number().int().describe("Every answer: codes checked, PINs redeemed and NFC tags tapped."),
    counterfeit: z.number().int(),
    genuine_share: z.number().nullable(),
    counterfeit_share: z.number().nullable(),
    views: z.number().int(),
    taps: z.number().int().describe("Taps of NFC tags, counted in `checks` too."),
  }),
  top_products: z.array(z.object({ product_id: z.string(), name: z.string().nullable(), name_ar: z.string().nullable(), counterfeit: z.number().int() })),
  top_batches: z.array(z.object({ batch_id: z.string(), lot: z.string().nullable().describe("The run's lot (null only for a run no longer known)."), product_id: z.string().nullable(), counterfeit: z.number().int() })),
  countries: z.array(z.object({ country: z.string().nullable(), checks: z.number().int(), counterfeit: z.number().int() })),
});
