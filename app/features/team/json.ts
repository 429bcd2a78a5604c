import { z } from "~/platform/lib/zod";
import { ROLES } from "~/platform/access/permissions";

/** A member as the API answers it: the one shape of it (presentAdmin's type, the OpenAPI document's schema). */
export const adminJsonSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable().describe("Where invitations and password resets are mailed, or null."),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  mfa_enabled: z.boolean(),
  mfa_locked: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
