import type { TFunction } from "i18next";
import { requiredFreeText } from "~/platform/lib/free-text";
import { z } from "~/platform/lib/zod";
import { SCOPES } from "~/platform/access/permissions";

/**
 * An API key's inputs, shared by the keys screen's form and `POST /api/v1/keys/create/` (messages in
 * the caller's language, `t` of "keys"): a name, one or more scopes, an optional expiry.
 */
export const KEY_NAME_MAX = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An expiry as the form sends it (a day, `2027-03-31`: the key works through that day, to 23:59:59.999
 * UTC) or as the API may send it (an ISO 8601 date and time with its offset): the moment it stops, as
 * ISO UTC text. Null when it is not a date (`2027-02-30` included).
 */
export function expiryOf(text: string): string | null {
  const day = DAY.test(text);
  const at = day ? Date.parse(`${text}T23:59:59.999Z`) : /T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at) || (day && new Date(at).toISOString().slice(0, 10) !== text)) return null;
  return new Date(at).toISOString();
}

export function createKeySchema(t: TFunction<"keys">, now: () => number = Date.now) {
  return z.object({
    name: requiredFreeText({ max: KEY_NAME_MAX, tooLong: t("errors.nameTooLong"), required: t("errors.nameRequired") }),
    scopes: z
      .array(z.enum(SCOPES, { error: t("errors.unknownScope") }), { error: t("errors.scopesRequired") })
      .min(1, t("errors.scopesRequired"))
      .transform((scopes) => [...new Set(scopes)]),
    expires_at: z
      .string({ error: t("errors.expiryInvalid") })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value.trim() === "") return null;
        const at = expiryOf(value.trim());
        if (at === null) ctx.addIssue({ code: "custom", message: t("errors.expiryInvalid") });
        else if (Date.parse(at) <= now()) ctx.addIssue({ code: "custom", message: t("errors.expiryPast") });
        return at;
      }),
  });
}
