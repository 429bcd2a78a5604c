import type { TFunction } from "i18next";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";

/**
 * What a sign-up for a product's safety notices must look like (decision 162): the one schema of the
 * form under a genuine result and of `POST /api/v1/registrations/create/`; below it, the owners' list.
 * Pure.
 */

/** The version of the consent sentence (`form.consent` in the "registrations" dictionary): stored with each sign-up; a new wording gets a new version. */
export const CONSENT_VERSION = "2026-11-27";

export const MAX_EMAIL = 254;

/** An e-mail address as stored and compared: trimmed, lower case (one registration per run and address). */
export function normalizeEmail(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

const EMAIL = z.email();

/**
 * `{scan_id, email, lang, consent}`; `lang` defaults to the page's language. Consent must be given
 * explicitly: the page's ticked box (`on`) or the API's `true`.
 */
export function registrationSchema(t: TFunction<"registrations">, defaultLanguage: Language) {
  return z.object({
    scan_id: z.string({ error: t("errors.scan_not_found") }).trim().min(1, t("errors.scan_not_found")).max(64, t("errors.scan_not_found")),
    email: z
      .string({ error: t("form.emailRequired") })
      .transform(normalizeEmail)
      .refine((v) => v !== "", t("form.emailRequired"))
      .refine((v) => v === "" || (v.length <= MAX_EMAIL && EMAIL.safeParse(v).success), t("form.emailInvalid")),
    lang: z
      .string()
      .nullish()
      .transform((v) => (v === null || v === undefined || v === "" ? defaultLanguage : v))
      .refine(isLanguage, t("form.langInvalid"))
      .transform((v) => v as Language),
    consent: z.union([z.literal("on"), z.literal(true)], { error: t("form.consentRequired") }).transform(() => true as const),
  });
}

export type RegistrationInput = z.infer<ReturnType<typeof registrationSchema>>;

/** `?batch=&page=` of the owners' list: one run's registrations, or every run's. */
export function registrationListSchema(t: TFunction<"registrations">) {
  return z.object({
    batch: z.string().trim().max(64, t("errors.batch_not_found")).optional(),
    page: pageParam,
  });
}
