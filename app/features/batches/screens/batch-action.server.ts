import { auditBy } from "~/platform/audit/audit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { redirectWithToast } from "~/platform/http/toast.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { counted } from "~/platform/i18n/format";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import type { Toast } from "~/platform/lib/toast";
import { getBatch, revokeBatch } from "../batches.server";
import { batchErrors } from "../errors";
import { liftRecall, recallBatch } from "../recalls.server";
import { recallSchema, revokeBatchSchema } from "../schemas";
import { isRecalled } from "~/platform/codes/outcomes";
import { batchHref } from "./batches-url";

/**
 * A run's page takes three actions, told apart by `intent`: `revoke` and `lift_recall` (each with a
 * confirmation step, below) and `recall` (the recall's notices and date; a new recall or an update of
 * the open one, decision 153). Every answer names its intent, so each control reads its own.
 *
 * Revoke comes in two steps: the reason (and a note), then a confirmation.
 * Without `confirm=yes` the action answers the confirmation step (with JavaScript the page asks in a
 * dialog before sending it, so it arrives confirmed); with it, the run is revoked and the answer is a
 * redirect to the run with a toast (Post/Redirect/Get). A refusal is an error toast on the run's page.
 */
export async function runAction(request: Request, context: Readonly<RouterContextProvider>, id: string | undefined, admin: AdminIdentity) {
  const t = requestT(context, "batches");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const batch = await getBatch(id);
  const here = batch ? batchHref(batch.id) : "/admin/dashboard/batches";
  const failure = (description: string): Toast => ({ type: "error", title: tc("toast.error"), description });
  if (!batch) return redirectWithToast(here, failure(`${t("toast.revokeFailed")}: ${errorMessage(t, batchErrors, "not_found")}`));
  const intent = form.get("intent");
  if (intent === "recall") return recallRun(request, context, form, batch.id, admin);
  if (intent === "lift_recall") return liftRun(request, context, form, batch.id, admin);
  if (intent !== "revoke") return redirectWithToast(here, failure(t("errors.unknown_intent")));

  const submission = parseWithZod(form, { schema: revokeBatchSchema(t) });
  if (submission.status !== "success") return data({ intent: "revoke" as const, step: "invalid" as const, result: submission.reply() }, { status: 400 });
  const { reason, note } = submission.value;
  if (form.get("confirm") !== "yes") {
    return data({ intent: "revoke" as const, step: "confirm" as const, result: submission.reply(), reason, note: note ?? "" });
  }
  const revoked = await orUnavailable("Revoking a print run", () => revokeBatch(batch.id, { reason, note, revokedBy: admin.id, by: auditBy(request, admin) }));
  if (!revoked.ok) return redirectWithToast(here, failure(t("toast.revokeFailed")));
  if (!revoked.value.ok) return redirectWithToast(here, failure(`${t("toast.revokeFailed")}: ${errorMessage(t, batchErrors, revoked.value.error)}`));
  const count = Number(revoked.value.value.revoked_count);
  return redirectWithToast(here, { type: "success", title: tc("toast.success"), description: t("toast.revoked", counted(count, requestLanguage(context))) });
}

/**
 * Recalls the run, or updates its open recall: the form again with its errors (400), or back to the
 * run with a toast. A new recall mails every registered buyer its notice (decision 162), so it is
 * asked once more first (issue 38): without `confirm=yes` the answer is the confirmation step, with
 * the values to send again (with JavaScript the page asks in a dialog and sends them confirmed).
 */
async function recallRun(request: Request, context: Readonly<RouterContextProvider>, form: FormData, id: string, admin: AdminIdentity) {
  const t = requestT(context, "batches");
  const tc = requestT(context, "common");
  const here = batchHref(id);
  const submission = parseWithZod(form, { schema: recallSchema(t) });
  if (submission.status !== "success") return data({ intent: "recall" as const, step: "invalid" as const, result: submission.reply() }, { status: 400 });
  const run = await getBatch(id);
  if (run && !isRecalled(run) && form.get("confirm") !== "yes") {
    const { since, ...texts } = submission.value;
    return data({ intent: "recall" as const, step: "confirm" as const, result: submission.reply(), values: { ...texts, since: since ?? "" } });
  }
  const recalled = await orUnavailable("Recalling a print run", () => recallBatch(id, { ...submission.value, by: admin.id, audit: auditBy(request, admin) }));
  const failed = (reason?: string) => redirectWithToast(here, { type: "error", title: tc("toast.error"), description: reason ? `${t("toast.recallFailed")}: ${reason}` : t("toast.recallFailed") });
  if (!recalled.ok) return failed();
  if (!recalled.value.ok) return failed(errorMessage(t, batchErrors, recalled.value.error));
  const { created, notified } = recalled.value.value;
  // A new recall says how many registered buyers were sent its notice (decision 162).
  const told = created && notified > 0 ? ` ${t("registrants.notified", { count: notified, n: notified })}` : "";
  return redirectWithToast(here, { type: "success", title: tc("toast.success"), description: `${t(created ? "toast.recalled" : "toast.recallUpdated")}${told}` });
}

/** Lifts the run's recall after a confirmation step (asked in a dialog with JavaScript, by the server without). */
async function liftRun(request: Request, context: Readonly<RouterContextProvider>, form: FormData, id: string, admin: AdminIdentity) {
  const t = requestT(context, "batches");
  const tc = requestT(context, "common");
  const here = batchHref(id);
  if (form.get("confirm") !== "yes") return data({ intent: "lift_recall" as const, step: "confirm" as const });
  const lifted = await orUnavailable("Lifting a recall", () => liftRecall(id, { by: admin.id, audit: auditBy(request, admin) }));
  const failed = (reason?: string) => redirectWithToast(here, { type: "error", title: tc("toast.error"), description: reason ? `${t("toast.liftFailed")}: ${reason}` : t("toast.liftFailed") });
  if (!lifted.ok) return failed();
  if (!lifted.value.ok) return failed(errorMessage(t, batchErrors, lifted.value.error));
  return redirectWithToast(here, { type: "success", title: tc("toast.success"), description: t("toast.recallLifted") });
}
