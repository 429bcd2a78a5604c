import type { TFunction } from "i18next";
import { z } from "~/platform/lib/zod";
import { isGs1Lot, toGtin14 } from "~/platform/codes/digital-link";

/**
 * A tap's input as its URL (`/01/{GTIN}/10/{lot}?e=…&c=…`) or `POST /api/v1/nfc/verify/` carries it:
 * the product's GTIN (any length, right check digit; kept as the GTIN-14), the lot (GS1's AI 10), `e`
 * the encrypted PICCData (16 bytes, 32 hex) and `c` the SDMMAC (8 bytes, 16 hex), either case (kept
 * upper case). Anything else is malformed: no tag made it.
 */
export function tapSchema(t: TFunction<"verify">) {
  let schema = tapSchemas.get(t);
  if (!schema) {
    schema = buildTapSchema(t);
    tapSchemas.set(t, schema);
  }
  return schema;
}

/** Built once per `t` (the server keeps one `t` per language and namespace), as the check's (decision 175). */
const tapSchemas = new WeakMap<object, ReturnType<typeof buildTapSchema>>();

function buildTapSchema(t: TFunction<"verify">) {
  const text = (message: string) => z.string({ error: message }).trim();
  return z.object({
    gtin: text(t("tap.errors.gtin"))
      .refine((gtin) => toGtin14(gtin) !== null, t("tap.errors.gtin"))
      .transform((gtin) => toGtin14(gtin)!),
    lot: text(t("tap.errors.lot")).refine(isGs1Lot, t("tap.errors.lot")),
    e: text(t("tap.errors.e"))
      .regex(/^[0-9A-Fa-f]{32}$/, t("tap.errors.e"))
      .transform((e) => e.toUpperCase()),
    c: text(t("tap.errors.c"))
      .regex(/^[0-9A-Fa-f]{16}$/, t("tap.errors.c"))
      .transform((c) => c.toUpperCase()),
  });
}

export type TapInput = z.infer<ReturnType<typeof tapSchema>>;
