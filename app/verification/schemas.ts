import type { TFunction } from "i18next";
import { pageParam } from "~/lib/paging";
import { z } from "~/lib/zod";
import { CODE_PASTE_MAX, isCodeLike, isPin, normalizeCode } from "./code-format";

/**
 * The inputs of the verification feature, each shared by the page that takes it from a form and the
 * API that takes it as JSON (the messages come in the caller's language). Pure: the browser
 * validates with the same schemas (the shopper's form loads them lazily, see decision 069).
 */

/** Anything a form or JSON body carried, normalised; numbers are accepted as typed digits. */
export function normalizeInput(input: unknown): string {
  if (typeof input === "number" && Number.isFinite(input)) return normalizeCode(String(input));
  return typeof input === "string" ? normalizeCode(input.slice(0, CODE_PASTE_MAX)) : "";
}

function buildVerifySchema(t: TFunction<"verify">) {
  const empty = t("form.empty");
  return z.object({
    code: z
      .union([z.string().max(CODE_PASTE_MAX, empty), z.number()], { error: empty })
      .nullish()
      .transform(normalizeInput)
      .refine((code) => code !== "", empty)
      .refine((code) => code === "" || isCodeLike(code), t("form.notACode")),
  });
}

/** Built once per `t` (the server keeps one `t` per language and namespace): every check reuses it. */
const verifySchemas = new WeakMap<object, ReturnType<typeof buildVerifySchema>>();

/**
 * A shopper's check: `{code}`, normalised; empty (or only spaces and dashes) is refused, and so is
 * input that cannot be a code (anything but letters and digits once normalised): the rule is stated
 * and the field keeps what was typed, instead of echoing a mangled "code" back.
 */
export function verifySchema(t: TFunction<"verify">) {
  let schema = verifySchemas.get(t);
  if (!schema) {
    schema = buildVerifySchema(t);
    verifySchemas.set(t, schema);
  }
  return schema;
}

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

/** An admin's new code: `{code, product_id}`; the code's format and the product are the domain's rules. */
export function createCodeSchema(t: TFunction<"admin">) {
  const codeRequired = t("codes.errors.codeRequired");
  const productRequired = t("codes.errors.productRequired");
  return z.object({
    code: z.string({ error: codeRequired }).trim().min(1, codeRequired).max(64, t("codes.errors.invalid_format")),
    product_id: z.string({ error: productRequired }).min(1, productRequired).max(64, t("codes.errors.unknown_product")),
  });
}

/** `GET /api/v1/codes/list/`'s query: active or expired codes, a page, narrowed to a run or one exact code. */
export const codeListQuery = z.object({
  status: z.enum(["active", "expired"]).default("active"),
  page: pageParam,
  batch: z.string().max(64).optional(),
  code: z.string().max(CODE_PASTE_MAX).optional(),
});
