import type { Scan } from "@db/schema";
import { z } from "~/platform/lib/zod";
import { SCAN_KINDS, SCAN_OUTCOMES, shownKind, shownOutcome } from "~/platform/codes/outcomes";

/** A scan as the API gives it: the one shape of it (the builder's type and the OpenAPI document's schema). */
export const scanJsonSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(SCAN_KINDS),
  outcome: z.enum(SCAN_OUTCOMES),
  code: z.string(),
  serial: z.string().nullable(),
  product_id: z.string().nullable(),
  batch_id: z.string().nullable(),
  country: z.string().nullable(),
  lang: z.string(),
});

/**
 * A scan as the API and the CSV give it: `kind` is `check` (a code checked, a PIN redeemed), `view`
 * (a pack's public page) or `tap` (an NFC tag); `serial` the pack's serial or the tag's UID it named
 * (null for a code's check).
 */
export function scanJson(scan: Scan): z.infer<typeof scanJsonSchema> {
  return {
    id: scan.id,
    created_at: scan.created_at,
    kind: shownKind(scan),
    outcome: shownOutcome(scan),
    code: scan.input,
    serial: scan.pack_serial,
    product_id: scan.product_id,
    batch_id: scan.batch_id,
    country: scan.country,
    lang: scan.lang,
  };
}
