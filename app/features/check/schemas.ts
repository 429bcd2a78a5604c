import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import type { Toast } from "~/platform/lib/toast";
import { z } from "~/platform/lib/zod";
import { CODE_PASTE_MAX, isCodeLike, normalizeInput } from "~/platform/codes/code-format";

/**
 * The shopper's check as input, shared by the page that takes it from a form and the API that takes it
 * as JSON (the messages come in the caller's language). Pure: the browser validates with the same
 * schema (the shopper's form loads it lazily, see decision 069).
 */

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
 * The action's answer to a refused check (nothing to check, too many attempts, the database away), or
 * a `notice`: a PIN typed where a code goes, a wrong PIN on a pack's page (decision 165), said once
 * beside the field in amber (no toast, never a verdict).
 */
export type VerifyRefusal = { result: SubmissionResult<string[]>; error: string; value: string; notice: "pin" | "wrong_pin" | null; toast: Toast | null };
