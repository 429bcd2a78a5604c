import type { TFunction } from "i18next";
import { cleanPhone, isPlausiblePhone } from "~/platform/lib/phone";
import { isCountryCode } from "~/platform/i18n/countries";
import { countryParam } from "~/platform/i18n/country-param";
import { addDays, dayOf, isDay } from "~/platform/lib/days";
import { freeTextOf, requiredFreeText } from "~/platform/lib/free-text";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";

/**
 * What a counterfeit report must look like: the one schema of the report page (on the server, and in
 * the browser once the form is touched) and of `POST /api/v1/reports/create/`. The photo is checked
 * by the domain (its bytes, see photo.server.ts). Below it, the admin's inputs (a report's status,
 * the reports list), shared by the screens and the API. Pure.
 */

export const REPORT_LIMITS = { seller: 120, city: 80, contact: 120 } as const;
export const REPORT_HONEYPOT = "website";
/** Purchases before this date are surely a typo. */
export const EARLIEST_PURCHASE = "1990-01-01";

/** One line of text through the free-text sanitizer (invisible, bidi and control characters dropped), trimmed. */
const oneLine = (value: unknown) => freeTextOf(value);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A phone number (7–15 digits, as on the contact form) or an e-mail address; "" for none. */
export function cleanContact(value: unknown): { kind: "phone" | "email" | "none" | "invalid"; value: string } {
  const raw = oneLine(value);
  if (raw === "") return { kind: "none", value: "" };
  if (raw.includes("@")) return EMAIL.test(raw) ? { kind: "email", value: raw.toLowerCase() } : { kind: "invalid", value: raw };
  const phone = cleanPhone(raw);
  return isPlausiblePhone(phone) ? { kind: "phone", value: phone } : { kind: "invalid", value: raw };
}

/**
 * The schema with its messages in the visitor's language (`t` of the "report" namespace). `consent`
 * is required on the page (the box the shopper ticks); an API client asks for it in its own screens.
 */
export function reportSchema(t: TFunction<"report">, { requireConsent = true, today = dayOf(new Date()) } = {}) {
  const required = t("form.required");
  const field = (max: number, tooLong: string) => requiredFreeText({ max, tooLong, required });
  const latest = addDays(today, 1); // the shopper's own date may be a day ahead of UTC
  return z.object({
    scan_id: z.string({ error: t("errors.scan_not_found") }).trim().min(1, t("errors.scan_not_found")).max(64, t("errors.scan_not_found")),
    seller: field(REPORT_LIMITS.seller, t("form.sellerTooLong", { count: REPORT_LIMITS.seller })),
    city: field(REPORT_LIMITS.city, t("form.cityTooLong", { count: REPORT_LIMITS.city })),
    country: z
      .string({ error: t("form.countryRequired") })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => v !== "", t("form.countryRequired"))
      .refine((v) => v === "" || isCountryCode(v), t("form.countryInvalid")),
    purchased_on: z
      .string({ error: t("form.dateRequired") })
      .trim()
      .refine((v) => v !== "", t("form.dateRequired"))
      .refine((v) => v === "" || isDay(v), t("form.dateInvalid"))
      .refine((v) => !isDay(v) || v <= latest, t("form.dateFuture"))
      .refine((v) => !isDay(v) || v >= EARLIEST_PURCHASE, t("form.dateInvalid")),
    contact: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => cleanContact(v))
      .superRefine((v, ctx) => {
        if (v.kind === "invalid") ctx.addIssue({ code: "custom", message: t("form.contactInvalid") });
        else if (v.value.length > REPORT_LIMITS.contact) ctx.addIssue({ code: "custom", message: t("form.contactTooLong", { count: REPORT_LIMITS.contact }) });
      })
      .transform((v) => (v.value === "" ? null : v.value)),
    consent: requireConsent
      ? z.union([z.literal("on"), z.literal(true), z.literal("true")], { error: t("form.consentRequired") }).transform(() => true)
      : z.union([z.literal("on"), z.literal(true), z.literal("true"), z.literal(false), z.literal("false")]).nullish().transform((v) => v === true || v === "on" || v === "true"),
    // The photo travels beside these fields (a file of a multipart form); its bytes are the domain's
    // to check (photo.server.ts). Declared so the form knows the field.
    photo: z.unknown().optional(),
    [REPORT_HONEYPOT]: z.union([z.string(), z.number()]).nullish(),
  });
}

export type ReportSubmission = z.infer<ReturnType<typeof reportSchema>>;

export const REPORT_STATUS_VALUES = ["new", "investigating", "closed"] as const;

export const MAX_NOTE = 2000;

/** A report's new status and an optional note: `{status, note?}`. */
export function reportStatusSchema(t: TFunction<"protection">) {
  return z.object({
    status: z.enum(REPORT_STATUS_VALUES, { error: t("reports.errors.status") }),
    note: z
      .string()
      .nullish()
      .transform((v) => freeTextOf(v, { multiline: true }))
      .refine((v) => v.length <= MAX_NOTE, t("reports.errors.noteTooLong", { count: MAX_NOTE }))
      .transform((v) => (v === "" ? null : v)),
  });
}

/** `?status=&country=&page=` of the reports list. */
export function reportListSchema(t: TFunction<"protection">) {
  return z.object({
    status: z.enum(REPORT_STATUS_VALUES, { error: t("reports.errors.status") }).optional(),
    country: countryParam(t("filters.errors.country")),
    page: pageParam,
  });
}
