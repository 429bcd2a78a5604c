import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { BodyTooLarge, FormOverLimits, readMultipartForm, UnreadableBody } from "~/platform/http/body.server";
import { clientHash } from "~/platform/http/client.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { reportErrors, type ReportError } from "../errors";
import { createReport } from "../reports.server";
import { reportSchema } from "../schemas";
import type { ReportRefusal } from "./report-form-screen";

const FIELD_OF: Partial<Record<ReportError, string>> = {
  photo_too_large: "photo",
  photo_too_many_pixels: "photo",
  photo_type: "photo",
  photo_unreadable: "photo",
  photo_busy: "photo",
};

/** A shopper's report (a multipart POST): refused with the form's errors, or stored and answered with its reference. */
export async function reportPageAction(request: Request, context: Readonly<RouterContextProvider>, scanId: string | undefined) {
  const t = requestT(context, "report");
  const tc = requestT(context, "common");
  let form: FormData;
  try {
    form = /multipart\/form-data/i.test(request.headers.get("content-type") ?? "") ? await readMultipartForm(request) : await request.formData();
  } catch (error) {
    if (!(error instanceof BodyTooLarge) && !(error instanceof UnreadableBody)) throw error;
    // Past the byte cap it is the photo; past the parts cap (no browser sends that) the form failed.
    const message = error instanceof BodyTooLarge && !(error instanceof FormOverLimits) ? t("errors.photo_too_large") : t("form.failed");
    return data({ result: { status: "error" as const, error: {} }, message, toast: { type: "error" as const, title: tc("toast.error"), description: message }, photoSent: true }, { status: error instanceof BodyTooLarge ? 413 : 400 });
  }
  form.set("scan_id", scanId ?? "");
  const photo = form.get("photo");
  const photoSent = typeof photo === "object" && photo !== null && photo.size > 0;
  const submission = parseWithZod(form, { schema: reportSchema(t) });
  const refuse = (status: number, message: string, fieldErrors: Record<string, string[]> = {}, retryAfterSeconds?: number) =>
    data<ReportRefusal>(
      { result: submission.reply({ fieldErrors }), message, toast: { type: "error", title: tc("toast.error"), description: message }, photoSent },
      { status, ...(retryAfterSeconds === undefined ? {} : { headers: { "Retry-After": String(retryAfterSeconds) } }) },
    );
  if (submission.status !== "success") return refuse(400, t("form.summary"));

  const bytes = photoSent ? new Uint8Array(await (photo as File).arrayBuffer()) : null;
  const stored = await orUnavailable("Counterfeit report", () =>
    createReport({ input: submission.value, photo: bytes, lang: requestLanguage(context), clientHash: clientHash(request) }),
  );
  if (!stored.ok) return refuse(503, t("form.failed"));
  const created = stored.value;
  if (!created.ok) {
    if (created.error === "rate_limited") return refuse(429, tooManyAttempts(context, created.retryAfterSeconds ?? 60));
    const message = errorMessage(t, reportErrors, created.error);
    const field = FIELD_OF[created.error];
    return refuse(reportErrors.errors[created.error].status, message, field ? { [field]: [message] } : {}, created.retryAfterSeconds);
  }
  // Post/Redirect/Get: the confirmation with the reference, and a toast, with or without JavaScript.
  return redirectWithToast(`/verify/result/${scanId}/report?sent=${created.value.reference}`, { type: "success", title: tc("toast.success"), description: t("sent.toast") });
}
