import { z } from "~/platform/lib/zod";
import { ROLES } from "~/platform/access/permissions";

/** The sign-in calls' answers as the API gives them (the OpenAPI document's schemas, decision 157). */

/** A new token pair (`POST /api/v1/users/login/` without two-factor, `…/login/mfa/`). */
export const signedInJsonSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().describe("Seconds the access token lives."),
  user: z.object({ id: z.string(), username: z.string(), role: z.enum(ROLES) }),
  password_change_required: z.boolean(),
  mfa_enrolment_required: z.boolean(),
});

/** `POST /api/v1/users/login/` when the member has two-factor on: the step to complete at `…/login/mfa/`. */
export const mfaRequiredJsonSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  expires_in: z.number().int(),
});

/** `POST /api/v1/users/token/refresh/`: a new access token, and a new refresh token unless this was a retry within the grace window. */
export const refreshedJsonSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});

/** `POST /api/v1/users/password/`. */
export const passwordChangedJsonSchema = z.object({ other_sessions_ended: z.number().int() });
