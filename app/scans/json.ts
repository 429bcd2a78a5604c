import type { Scan } from "@db/schema";

/** A scan as the API and the CSV give it. */
export function scanJson(scan: Scan) {
  return {
    id: scan.id,
    created_at: scan.created_at,
    outcome: scan.outcome,
    code: scan.input,
    product_id: scan.product_id,
    batch_id: scan.batch_id,
    country: scan.country,
    lang: scan.lang,
  };
}
