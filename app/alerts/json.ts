import type { Alert } from "@db/schema";

/** An alert as the API lists it: `id, kind, status, code, batch_id, created_at, updated_at, scans_count`. */
export function alertJson(alert: Alert) {
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
export function alertDetailJson(alert: Alert) {
  return {
    ...alertJson(alert),
    product_id: alert.product_id,
    acknowledged_at: alert.acknowledged_at,
    acknowledged_by: alert.acknowledged_by,
    closed_at: alert.closed_at,
    closed_by: alert.closed_by,
  };
}
