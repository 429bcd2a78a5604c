import type { TFunction } from "i18next";
import { getProduct } from "~/catalog/catalog";
import { pageParam } from "~/lib/paging";
import { z } from "~/lib/zod";
import { isCountryCode } from "./countries";
import { isDay } from "./days";

/**
 * The inputs of the brand-protection screens and API, each shared by the screen (its query string or
 * form) and the API (its query string or JSON body), with messages in the caller's language. Pure.
 */

export const SCAN_OUTCOMES = ["valid", "used", "unknown", "expired", "revoked"] as const;
export const ALERT_STATUS_VALUES = ["open", "acknowledged", "closed"] as const;
export const REPORT_STATUS_VALUES = ["new", "investigating", "closed"] as const;

export const SCAN_FILTER_NAMES = ["outcome", "product_id", "batch", "country", "from", "to"] as const;

/** A two-letter country code in any case, upper-cased; anything else gets `message`. */
const countryParam = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, message)
    .optional();

/** The scan log's filters: `?outcome=&product_id=&batch=&country=&from=&to=` (all optional). */
export function scanFiltersSchema(t: TFunction<"protection">) {
  const day = (message: string) => z.string().trim().refine(isDay, message).optional();
  return z
    .object({
      outcome: z.enum(SCAN_OUTCOMES, { error: t("filters.errors.outcome") }).optional(),
      product_id: z
        .string()
        .trim()
        .refine((id) => Boolean(getProduct(id)), t("filters.errors.product"))
        .optional(),
      batch: z.string().trim().max(64, t("filters.errors.batch")).optional(),
      country: countryParam(t("filters.errors.country")),
      from: day(t("filters.errors.date")),
      to: day(t("filters.errors.date")),
    })
    .superRefine((value, ctx) => {
      if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: "custom", path: ["to"], message: t("filters.errors.range") });
    });
}

/** `?page=` beside the scan log's filters (the API). */
export const pageQuerySchema = z.object({ page: pageParam });

export type ScanFilterInput = z.infer<ReturnType<typeof scanFiltersSchema>>;

/** `?days=` of the analytics overview: 1 to 366, default 30. */
export function overviewQuerySchema(t: TFunction<"protection">) {
  return z.object({
    days: z.coerce.number({ error: t("filters.errors.days") }).int(t("filters.errors.days")).min(1, t("filters.errors.days")).max(366, t("filters.errors.days")).default(30),
  });
}

/** An alert's new status: `{status}`; anything but a known status is refused before the domain looks. */
export function alertStatusSchema(t: TFunction<"protection">) {
  return z.object({ status: z.enum(ALERT_STATUS_VALUES, { error: t("alerts.errors.status") }) });
}

/** `?status=&page=` of the alerts list. */
export function alertListSchema(t: TFunction<"protection">) {
  return z.object({ status: z.enum(ALERT_STATUS_VALUES, { error: t("alerts.errors.status") }).optional(), page: pageParam });
}

export const MAX_NOTE = 2000;

/** A report's new status and an optional note: `{status, note?}`. */
export function reportStatusSchema(t: TFunction<"protection">) {
  return z.object({
    status: z.enum(REPORT_STATUS_VALUES, { error: t("reports.errors.status") }),
    note: z
      .string()
      .nullish()
      .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
      .refine((v) => v.length <= MAX_NOTE, t("reports.errors.noteTooLong", { max: MAX_NOTE }))
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
