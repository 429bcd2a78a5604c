import type { Report } from "@db/schema";
import { z } from "~/platform/lib/zod";
import { SCAN_OUTCOMES } from "~/platform/codes/outcomes";
import { REPORT_STATUS_VALUES } from "./schemas";

/** A report as the API gives it: the one shape of it (the builder's type and the OpenAPI document's schema). */
export const reportJsonSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(REPORT_STATUS_VALUES),
  scan_id: z.string().nullable(),
  outcome: z.enum(SCAN_OUTCOMES),
  code: z.string(),
  product_id: z.string().nullable(),
  batch_id: z.string().nullable(),
  seller: z.string(),
  city: z.string(),
  country: z.string(),
  purchased_on: z.string(),
  contact: z.string().nullable(),
  has_photo: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A report as the API gives it. */
export function reportJson(report: Report): z.infer<typeof reportJsonSchema> {
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
