import { clientHash } from "~/platform/http/client.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { dataWithToast, redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { reportStatusSchema } from "~/features/reports/schemas";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";
import { reportErrors } from "~/features/reports/errors";
import { changeReportStatus } from "~/features/reports/reports.server";

/**
 * A report's status change (and note). Invalid input comes back as the form's errors (400); a refused
 * move or a success is a toast: a redirect back without JavaScript (Post/Redirect/Get), data for a
 * fetcher. `admin` is the route's `getAdmin`.
 */
export async function reportAction(request: Request, context: Readonly<RouterContextProvider>, reportId: string | undefined, admin: AdminIdentity) {
  const t = requestT(context, "protection");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const asData = form.get(FETCHER_FIELD) === FETCHER_VALUE;
  const submission = parseWithZod(form, { schema: reportStatusSchema(t) });
  if (submission.status !== "success") return data({ ok: false, result: submission.reply() }, { status: 400 });

  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const result = await changeReportStatus(reportId, submission.value.status, submission.value.note, admin, clientHash(request));
  const toast = result.ok
    ? { type: "success" as const, title: tc("toast.success"), description: t("reports.toast.updated") }
    : { type: "error" as const, title: tc("toast.error"), description: `${t("reports.toast.failed")}: ${errorMessage(requestT(context, "report"), reportErrors, result.error)}` };
  const reply = submission.reply(result.ok ? { resetForm: true } : {});
  if (asData) return dataWithToast({ ok: result.ok, result: reply }, toast);
  return redirectWithToast(back, toast, { headers: { "X-Remix-Replace": "true" } });
}
