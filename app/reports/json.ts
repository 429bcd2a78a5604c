import type { Report } from "@db/schema";

/** A report as the API gives it. */
export function reportJson(report: Report) {
  return {
    id: report.id,
    reference: report.reference,
    status: report.status,
    scan_id: report.scan_id,
    outcome: report.outcome,
    code: report.code,
    product_id: report.product_id,
    batch_id: report.batch_id,
    seller: report.seller,
    city: report.city,
    country: report.country,
    purchased_on: report.purchased_on,
    contact: report.contact,
    has_photo: report.photo_name !== null,
    created_at: report.created_at,
    updated_at: report.updated_at,
  };
}
