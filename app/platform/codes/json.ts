import { z } from "~/platform/lib/zod";

/**
 * A code as the API answers it, and what a run's answer shares with it: each shape once, as zod, for
 * the builders' types (CodeView) and the OpenAPI document (decision 157).
 */

/** A catalogue product as a code or a run names it. */
export const codeProductSchema = z.object({ id: z.string(), name: z.string(), name_ar: z.string(), image: z.string().nullable() });

/** A code as the API and the admin screens show it. */
export const codeJsonSchema = z.object({
  id: z.string(),
  /** The normalised code, opened from its sealed value; `••••-••••` when `masked` (nothing of it shown). */
  code: z.string().describe("The normalised code; `••••-••••` when `masked` (nothing of it shown)."),
  /** True when `code` shows its first group only (an active code, read by a role without `codes:export`). */
  masked: z.boolean().describe("True when `code` shows its first group only (an active code read without `codes:export`)."),
  product_id: z.string(),
  /** Its print run and its place in it (null for a code made one by one). */
  batch_id: z.string().nullable(),
  serial: z.number().int().nullable(),
  product: codeProductSchema.nullable(),
  status: z.enum(["active", "expired", "revoked"]),
  created_at: z.string(),
  expired_at: z.string().nullable(),
  verified_at: z.string().nullable(),
});

/**
 * A run's open recall (decisions 153, 191): since when (YYYY-MM-DD), the notice, the hazard and the remedy
 * in both languages ("" for a recall made before the hazard and remedy were asked for), who recalled it.
 */
export const recallViewSchema = z.object({
  since: z.string(),
  notice_en: z.string(),
  notice_ar: z.string(),
  hazard_en: z.string(),
  hazard_ar: z.string(),
  remedy_en: z.string(),
  remedy_ar: z.string(),
  by: z.string(),
});
