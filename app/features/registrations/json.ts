import { z } from "~/platform/lib/zod";
import type { RegistrationRow } from "./registrations.server";

/** A registration as the owners' API gives it: the one shape of it (the builder's type, and the OpenAPI document's schema once merged). Never a token or its hash. */
export const registrationJsonSchema = z.object({
  id: z.string(),
  batch: z.object({ id: z.string(), lot: z.string() }),
  email: z.string(),
  lang: z.string(),
  state: z.enum(["pending", "confirmed"]),
  consent_version: z.string(),
  consent_at: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});

/** What `POST /api/v1/registrations/create/` answers in `data`. */
export const registeredJsonSchema = z.object({ state: z.literal("pending"), email: z.string(), lang: z.enum(["en", "ar"]) });

export function registrationJson(row: RegistrationRow): z.infer<typeof registrationJsonSchema> {
  return {
    id: row.id,
    batch: { id: row.batch_id, lot: row.lot },
    email: row.email,
    lang: row.lang,
    state: row.state,
    consent_version: row.consent_version,
    consent_at: row.consent_at,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
  };
}

export function registeredJson(input: { email: string; lang: "en" | "ar" }): z.infer<typeof registeredJsonSchema> {
  return { state: "pending", email: input.email, lang: input.lang };
}
