import { clientHash } from "~/platform/http/client.server";
import { type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { dataWithToast, redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import type { Toast } from "~/platform/lib/toast";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";
import { changeAlertStatus } from "~/features/alerts/alerts.server";
import { alertErrors } from "~/features/alerts/errors";
import { alertStatusSchema } from "~/features/alerts/schemas";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 100) : "";
};

/**
 * Acknowledge or close an alert (the list's rows and the alert's own page). Without JavaScript: a
 * redirect back with a toast (Post/Redirect/Get); a fetcher (`reply=data`) gets its outcome as data,
 * with the toast for the page it revalidates. `admin` is the route's `getAdmin`.
 */
export async function alertsAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "protection");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const asData = text(form, FETCHER_FIELD) === FETCHER_VALUE;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const answer = async (ok: boolean, toast: Toast) =>
    asData ? dataWithToast({ ok }, toast) : redirectWithToast(back, toast, { headers: { "X-Remix-Replace": "true" } });
  const failed = (message: string): Toast => ({ type: "error", title: tc("toast.error"), description: `${t("alerts.toast.failed")}: ${message}` });

  const parsed = alertStatusSchema(t).safeParse({ status: text(form, "status") });
  if (!parsed.success) return answer(false, failed(t("alerts.errors.status")));
  const result = await changeAlertStatus(text(form, "id"), parsed.data.status, admin, clientHash(request));
  if (!result.ok) return answer(false, failed(errorMessage(t, alertErrors, result.error)));
  const done = parsed.data.status === "closed" ? t("alerts.toast.closed") : t("alerts.toast.acknowledged");
  return answer(true, { type: "success", title: tc("toast.success"), description: done });
}
