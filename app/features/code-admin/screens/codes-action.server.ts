import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { dataWithToast, redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import type { Toast } from "~/platform/lib/toast";
import { formatCode, generateCode } from "~/platform/codes/code-format";
import { createCode, deleteCode, expireCode, parseTab, type ChangedBy } from "../codes.server";
import { codeErrors } from "../errors";
import { createCodeSchema } from "~/features/code-admin/schemas";
import { parsePage } from "~/platform/lib/paging";
import { codesFilterOf, codesHref } from "./codes-url";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";

type Values = { code: string; product_id: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 200) : "";
};

/**
 * The codes screen's four actions. Without JavaScript each answers as a page: a redirect with a toast
 * (Post/Redirect/Get) or the form again with its errors. A fetcher (its form says `reply=data`) gets
 * its outcome as data instead (`ok`, and the form's state), with the toast for the page it revalidates.
 */
export async function codesAction(request: Request, context: Readonly<RouterContextProvider>, by: ChangedBy) {
  const t = requestT(context, "admin");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const intent = text(form, "intent");
  const asData = text(form, FETCHER_FIELD) === FETCHER_VALUE;
  const url = new URL(request.url);
  const filter = codesFilterOf(url.searchParams);
  const here = codesHref(parseTab(url.searchParams.get("status")), parsePage(url.searchParams.get("page")), filter);
  // Fetcher submissions replace the history entry instead of adding one per action.
  const replace = { headers: { "X-Remix-Replace": "true" } };
  const success = (description: string): Toast => ({ type: "success", title: tc("toast.success"), description });
  const failure = (description: string): Toast => ({ type: "error", title: tc("toast.error"), description });
  const answer = async (ok: boolean, toast: Toast, to: string) =>
    asData ? dataWithToast({ intent, ok }, toast) : redirectWithToast(to, toast, replace);

  switch (intent) {
    case "generate": {
      // Without JavaScript the Generate button asks the server for a code; the chosen product stays.
      const values: Values = { code: formatCode(generateCode()), product_id: text(form, "product_id") };
      return { intent, ok: false, values, errors: {}, failed: null, result: { initialValue: values } };
    }
    case "create": {
      const submission = parseWithZod(form, { schema: createCodeSchema(t) });
      const values: Values = { code: text(form, "code"), product_id: text(form, "product_id") };
      let errors: Partial<Record<keyof Values, string>> = {};
      if (submission.status === "success") {
        const result = await createCode({ code: submission.value.code, productId: submission.value.product_id }, by);
        if (result.ok) {
          const toast = success(t("codes.toast.created"));
          if (asData) return dataWithToast({ intent, ok: true, values, errors, failed: null, result: submission.reply({ resetForm: true }) }, toast);
          return redirectWithToast(codesHref("active"), toast, replace);
        }
        errors = { [result.error === "unknown_product" ? "product_id" : "code"]: errorMessage(t, codeErrors, result.error) };
      } else {
        errors = Object.fromEntries(Object.entries(submission.error ?? {}).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : [])));
      }
      const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
      const result = submission.reply({ fieldErrors });
      return data({ intent, ok: false, values, errors, failed: t("codes.toast.createFailed"), result }, { status: 400 });
    }
    case "expire": {
      const result = await expireCode(text(form, "id"), by);
      if (result.ok) {
        const toast = success(t("codes.toast.expired"));
        // An exact search follows its code to the Expired tab: a redirect, also for a fetcher, so the
        // page it lands on shows the toast (a redirect found while revalidating would lose it).
        if (filter.code) return redirectWithToast(codesHref("expired", 1, filter), toast, replace);
        return answer(true, toast, here);
      }
      return answer(false, failure(`${t("codes.toast.expireFailed")}: ${errorMessage(t, codeErrors, result.error)}`), here);
    }
    case "delete": {
      const result = await deleteCode(text(form, "id"), by);
      if (result.ok) return answer(true, success(t("codes.toast.deleted")), here);
      return answer(false, failure(`${t("codes.toast.deleteFailed")}: ${errorMessage(t, codeErrors, result.error)}`), here);
    }
    default:
      return answer(false, failure(t("codes.errors.unknown_intent")), here);
  }
}
