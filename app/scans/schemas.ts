import type { TFunction } from "i18next";
import type { ScanOutcome, ShownScanKind } from "@db/schema";
import { getProduct } from "~/catalog/catalog";
import { pageParam } from "~/lib/paging";
import { z } from "~/lib/zod";
import { countryParam } from "~/i18n/country-param";
import { isDay } from "~/lib/days";

/**
 * The scan log's inputs, shared by its screen (the query string) and the API, with messages in the
 * caller's language. Pure.
 */

/** Every outcome a scan is shown and counted with (`ScanOutcome`), in the order the screens list them. */
export const SCAN_OUTCOMES = ["valid", "recalled", "used", "replayed", "wrong_pin", "bad_mac", "unknown", "expired", "revoked"] as const satisfies readonly ScanOutcome[];

/** `check`: a code checked or a PIN redeemed; `view`: a pack's public page opened (issue 27); `tap`: an NFC tag tapped (issue 41). */
export const SCAN_KINDS = ["check", "view", "tap"] as const satisfies readonly ShownScanKind[];

export const SCAN_FILTER_NAMES = ["kind", "outcome", "product_id", "batch", "country", "from", "to"] as const;

/** The scan log's filters: `?kind=&outcome=&product_id=&batch=&country=&from=&to=` (all optional). */
export function scanFiltersSchema(t: TFunction<"protection">) {
  const day = (message: string) => z.string().trim().refine(isDay, message).optional();
  return z
    .object({
      kind: z.enum(SCAN_KINDS, { error: t("filters.errors.kind") }).optional(),
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
