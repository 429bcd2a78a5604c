import { z } from "~/lib/zod";

/** An audit entry as the API answers it: the one shape of it (presentAuditEntry's type, the OpenAPI document's schema). */
export const auditEntryJsonSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(["success", "failure", "refused"]),
  api_key: z.string().nullable().describe("The prefix of the API key the member acted through, or null."),
});
