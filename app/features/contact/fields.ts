import type { TFunction } from "i18next";

/** The contact form's fields and their caps, for the form itself (no validation code: see schemas.ts). */
export const CONTACT_LIMITS = { name: 100, phone_number: 32, message: 2000 } as const;

/** The hidden field a person never fills in. */
export const HONEYPOT_FIELD = "website";

export const contactFields = ["name", "phone_number", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactInput = Record<ContactField, string>;

/**
 * The notice over the form (and the API's message) for a refused message: any empty field gives the
 * specification's "Please fill in all fields"; otherwise the first field's own message.
 */
export function contactSummary(t: TFunction<"contact">, errors: Partial<Record<string, readonly string[] | null | undefined>>): string {
  const required = t("form.fieldRequired");
  const messages = contactFields.flatMap((field) => errors[field] ?? []);
  if (messages.includes(required)) return t("form.required");
  return messages[0] ?? t("form.failed");
}
