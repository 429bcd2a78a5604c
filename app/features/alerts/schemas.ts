import type { TFunction } from "i18next";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";

/**
 * The alerts' inputs, each shared by the screens (their query string or form) and the API (its query
 * string or JSON body), with messages in the caller's language. Pure.
 */

export const ALERT_STATUS_VALUES = ["open", "acknowledged", "closed"] as const;

/** An alert's new status: `{status}`; anything but a known status is refused before the domain looks. */
export function alertStatusSchema(t: TFunction<"protection">) {
  return z.object({ status: z.enum(ALERT_STATUS_VALUES, { error: t("alerts.errors.status") }) });
}

/** `?status=&page=` of the alerts list. */
export function alertListSchema(t: TFunction<"protection">) {
  return z.object({ status: z.enum(ALERT_STATUS_VALUES, { error: t("alerts.errors.status") }).optional(), page: pageParam });
}
