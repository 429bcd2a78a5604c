import { z } from "~/platform/lib/zod";

/** A pack as the API answers it (`GET /api/v1/packs/{serial}/`): null where unknown; never its PIN. */
export const packJsonSchema = z.object({
  serial: z.string(),
  state: z.enum(["sealed", "verified", "revoked"]),
  verified_at: z.string().nullable(),
  country: z.string().nullable(),
  product: z.object({ id: z.string(), name: z.string().nullable(), name_ar: z.string().nullable() }),
  lot: z.string(),
  best_before: z.string().nullable(),
  dl_url: z.string().nullable(),
});
