import type { TFunction } from "i18next";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";
import { CODE_PASTE_MAX } from "~/platform/codes/code-format";

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
