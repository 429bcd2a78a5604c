import { z } from "zod";

/**
 * What a contact message must look like. Pure (no server code), so the page can also stop an empty
 * form before sending it; the server always validates again with the same schema.
 */

export const CONTACT_LIMITS = { name: 100, phone_number: 32, message: 2000 } as const;
export const MIN_PHONE_DIGITS = 7;
export const MAX_PHONE_DIGITS = 15; // E.164
/** The hidden field a person never fills in. */
export const HONEYPOT_FIELD = "website";

export const contactFields = ["name", "phone_number", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactInput = Record<ContactField, string>;

/** Keys of the `contact` dictionary's `form` section. */
export type ContactErrorKey = "fieldRequired" | "nameTooLong" | "phoneTooLong" | "phoneInvalid" | "messageTooLong";
export type ContactError = { key: ContactErrorKey; max?: number };

const toLatinDigits = (value: string) =>
  value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** Trims, drops control characters (keeping line breaks in the message) and unifies line endings. */
export function cleanContactInput(raw: Record<string, unknown>): ContactInput {
  const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
  const oneLine = (value: unknown) => text(value).replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return {
    name: oneLine(raw.name),
    phone_number: toLatinDigits(oneLine(raw.phone_number)),
    message: text(raw.message)
      .replace(/\r\n?/g, "\n")
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]+/g, " ")
      .trim(),
  };
}

/** Digits with spaces, dashes, dots and parentheses, an optional leading +, 7 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

/**
 * Built on first use, not at import: the contact page imports this module for its limits and
 * `cleanContactInput`, and a top-level `z.object(...)` would pull zod (about 24 kB gzip, and its
 * `new Function` probe that the CSP reports) into the page's JavaScript.
 */
let schema: ReturnType<typeof buildContactSchema> | undefined;
export const contactSchema = () => (schema ??= buildContactSchema());

const buildContactSchema = () => z.object({
  name: z.string().min(1, "fieldRequired").max(CONTACT_LIMITS.name, "nameTooLong"),
  phone_number: z
    .string()
    .min(1, "fieldRequired")
    .max(CONTACT_LIMITS.phone_number, "phoneTooLong")
    .refine(isPlausiblePhone, "phoneInvalid"),
  message: z.string().min(1, "fieldRequired").max(CONTACT_LIMITS.message, "messageTooLong"),
});

export type ContactValidation =
  | { ok: true; value: ContactInput }
  | { ok: false; values: ContactInput; missing: boolean; errors: Partial<Record<ContactField, ContactError>> };

export function validateContact(raw: Record<string, unknown>): ContactValidation {
  const values = cleanContactInput(raw);
  const parsed = contactSchema().safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<ContactField, ContactError>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    if (errors[field]) continue;
    const key = issue.message as ContactErrorKey;
    errors[field] = key.endsWith("TooLong") ? { key, max: CONTACT_LIMITS[field] } : { key };
  }
  const missing = contactFields.some((f) => values[f] === "");
  return { ok: false, values, missing, errors };
}
