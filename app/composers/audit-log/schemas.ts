import type { TFunction } from "i18next";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";
import { AUDIT_ACTIONS } from "~/platform/audit/actions";

/** A day as YYYY-MM-DD (UTC), a real calendar day. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The audit trail's filters (actor, action, from, to), shared by the audit screen's form and
 * `GET /api/v1/audit/list/`, with messages in the caller's language (`t` of "audit").
 */
export function auditFiltersSchema(t: TFunction<"audit">) {
  const day = z.string().trim().refine(isDay, t("filters.invalidDate"));
  return z
    .object({
      actor: z.string().trim().toLowerCase().max(128, t("filters.tooLong")).optional(),
      action: z.enum(AUDIT_ACTIONS, { error: t("filters.invalidAction") }).optional(),
      from: day.optional(),
      to: day.optional(),
      page: pageParam,
    })
    .refine((f) => !f.from || !f.to || f.from <= f.to, { message: t("filters.fromAfterTo"), path: ["to"] });
}

export type AuditFilters = { actor?: string; action?: (typeof AUDIT_ACTIONS)[number]; from?: string; to?: string };
export const AUDIT_FILTER_NAMES = ["actor", "action", "from", "to", "page"] as const;
