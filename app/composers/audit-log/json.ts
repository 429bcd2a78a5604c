import { z } from "~/platform/lib/zod";

/** An audit entry as the API answers it: the one shape of it (presentAuditEntry's type, the OpenAPI document's schema). */
export const auditEntryJsonSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(["success", "failure", "refused"]),
  api_key: z.string().nullable().describe("The prefix of the API key the member acted through, or null."),
  detail: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable()
    .describe("The entry's plain facts: a refusal's `reason` or `error` (`last_owner`, `cannot_disable_self`, `cross_site`), the step, the permission, counts…; null when there are none."),
});

/** An entry of `GET /api/v1/audit/list/`: with its target named for people (isolated for display), or null. */
export const auditListEntryJsonSchema = auditEntryJsonSchema.extend({
  target_label: z
    .string()
    .nullable()
    .describe("The target named for people in the request's language (\"print run HC-2611-A (Hydra Calm)\"), its values wrapped in Unicode isolates for display; null when the target is not known."),
});
