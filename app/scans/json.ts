import type { Scan } from "@db/schema";
import { shownOutcome } from "~/verification/recall";

/**
 * A scan as the API and the CSV give it: `kind` is `check` (a code checked, a PIN redeemed) or `view`
 * (a pack's public page); `serial` the pack's serial it named (null for a code's check).
 */
export function scanJson(scan: Scan) {
  return {
    id: scan.id,
    created_at: scan.created_at,
    kind: scan.kind,
    outcome: shownOutcome(scan),
    code: scan.input,
    serial: scan.pack_serial,
    product_id: scan.product_id,
    batch_id: scan.batch_id,
    country: scan.country,
    lang: scan.lang,
  };
}
