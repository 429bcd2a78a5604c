import { z } from "~/platform/lib/zod";
import { codeProductSchema, recallViewSchema } from "~/platform/codes/json";
import { LABEL_KINDS, REVOKE_REASONS } from "./schemas";

/** A run as the API gives it (dates as YYYY-MM-DD, counts by state): the one shape of it (BatchView, the OpenAPI document's schema). */
export const batchJsonSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product: codeProductSchema.nullable(),
  lot: z.string(),
  quantity: z.number().int(),
  label: z.enum(LABEL_KINDS),
  manufactured_on: z.string().nullable(),
  best_before: z.string().nullable(),
  market: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(["active", "revoked"]),
  revoked_reason: z.enum(REVOKE_REASONS).nullable(),
  revoked_note: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  counts: z.object({ active: z.number().int(), used: z.number().int(), expired: z.number().int(), revoked: z.number().int() }),
  /** The open recall (decision 153), or null. */
  recall: recallViewSchema.nullable(),
});
