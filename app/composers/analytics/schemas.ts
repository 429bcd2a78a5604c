import type { TFunction } from "i18next";
import { z } from "~/platform/lib/zod";

/** The analytics' inputs, for the API, with messages in the caller's language. Pure. */

/** `?days=` of the analytics overview: 1 to 366, default 30. */
export function overviewQuerySchema(t: TFunction<"protection">) {
  return z.object({
    days: z.coerce.number({ error: t("filters.errors.days") }).int(t("filters.errors.days")).min(1, t("filters.errors.days")).max(366, t("filters.errors.days")).default(30),
  });
}
