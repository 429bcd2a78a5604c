import type { TFunction } from "i18next";
import { contactFields, type ContactError, type ContactField } from "./validation";

/** A field error in the visitor's language. */
export function contactErrorText(t: TFunction<"contact">, error: ContactError): string {
  return error.max === undefined ? t(`form.${error.key}`) : t(`form.${error.key}`, { max: error.max });
}

/**
 * The form-level notice and each field's message. Any empty field gives the specification's
 * "Please fill in all fields"; otherwise the first field's own message.
 */
export function contactErrorSummary(
  t: TFunction<"contact">,
  validation: { missing: boolean; errors: Partial<Record<ContactField, ContactError>> },
): { message: string; fields: Partial<Record<ContactField, string>> } {
  const fields: Partial<Record<ContactField, string>> = {};
  for (const field of contactFields) {
    const error = validation.errors[field];
    if (error) fields[field] = contactErrorText(t, error);
  }
  const first = contactFields.map((f) => fields[f]).find(Boolean);
  return { message: validation.missing ? t("form.required") : (first ?? t("form.failed")), fields };
}
