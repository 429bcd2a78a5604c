import type { RegistrationRow } from "./registrations.server";

/** A registration as the owners' API answers it: never a token or its hash. */
export function registrationJson(row: RegistrationRow) {
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
