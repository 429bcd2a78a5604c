import type { Alert } from "@db/schema";
import { z } from "~/platform/lib/zod";
import { ALERT_STATUS_VALUES } from "./schemas";

/** An alert as the API lists it: the one shape of it (the builder's type and the OpenAPI document's schema). */
export const alertJsonSchema = z.object({
  id: z.string(),
  kind: z.enum(["clone", "guessing", "market"]),
  status: z.enum(ALERT_STATUS_VALUES),
  code: z.string().nullable(),
  batch_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  scans_count: z.number().int(),
});

/** An alert with who moved it along and when (the status change's answer). */
export const alertDetailJsonSchema = alertJsonSchema.extend({
  product_id: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
});

/** An alert as the API lists it: `id, kind, status, code, batch_id, created_at, updated_at, scans_count`. */
export function alertJson(alert: Alert): z.infer<typeof alertJsonSchema> {
  return {
    id: alert.id,
    kind: alert.kind,
    status: alert.status,
    code: alert.code,
    batch_id: alert.batch_id,
    created_at: alert.created_at,
    updated_at: alert.updated_at,
    scans_count: alert.scans_count,
  };
}

/** An alert with who moved it along and when (the status change's answer). */
export function alertDetailJson(alert: Alert): z.infer<typeof alertDetailJsonSchema> {
  return {
    ...alertJson(alert),
    product_id: alert.product_id,
    acknowledged_at: alert.acknowledged_at,
    acknowledged_by: alert.acknowledged_by,
    closed_at: alert.closed_at,
    closed_by: alert.closed_by,
  };
}
