import type { TFunction } from "i18next";
import { z } from "~/platform/lib/zod";
import { CODE_PASTE_MAX, isPin, normalizeInput } from "~/platform/codes/code-format";

/**
 * A pack's PIN, typed on its page or sent to the API: `{pin}`, normalised (`ABCD-1234`, spaces and
 * lower case allowed); empty, or anything but 8 characters of the label alphabet, is refused with the
 * rule stated (no attempt is counted).
 */
export function pinSchema(t: TFunction<"verify">) {
  let schema = pinSchemas.get(t);
  if (!schema) {
    schema = buildPinSchema(t);
    pinSchemas.set(t, schema);
  }
  return schema;
}

/** Built once per `t`, as the check's (building a zod schema cost more than parsing with it: decision 175). */
const pinSchemas = new WeakMap<object, ReturnType<typeof buildPinSchema>>();

function buildPinSchema(t: TFunction<"verify">) {
  const empty = t("pack.pinEmpty");
  return z.object({
    pin: z
      .string({ error: empty })
      .max(CODE_PASTE_MAX, t("pack.pinFormat"))
      .nullish()
      .transform(normalizeInput)
      .refine((pin) => pin !== "", empty)
      .refine((pin) => pin === "" || isPin(pin), t("pack.pinFormat")),
  });
}
