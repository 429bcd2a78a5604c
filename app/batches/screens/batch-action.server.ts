import { auditBy } from "~/audit/audit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/auth/guard.server";
import { redirectWithToast } from "~/http/toast.server";
import { orUnavailable } from "~/http/unavailable.server";
import { counted } from "~/i18n/format";
import { requestLanguage, requestT } from "~/i18n/i18n.server";
import { errorMessage } from "~/lib/errors";
import type { Toast } from "~/lib/toast";
import { getBatch, revokeBatch } from "../batches.server";
import { batchErrors } from "../errors";
import { revokeBatchSchema } from "../schemas";
import { batchHref } from "./batches-url";

/**
 * A run's page takes one action, revoke, in two steps: the reason (and a note), then a confirmation.
 * Without `confirm=yes` the action answers the confirmation step (with JavaScript the page asks in a
 * dialog before sending it, so it arrives confirmed); with it, the run is revoked and the answer is a
 * redirect to the run with a toast (Post/Redirect/Get). A refusal is an error toast on the run's page.
 */
export async function revokeRunAction(request: Request, context: Readonly<RouterContextProvider>, id: string | undefined, admin: AdminIdentity) {
  const t = requestT(context, "batches");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const batch = await getBatch(id);
  const here = batch ? batchHref(batch.id) : "/admin/dashboard/batches";
  const failure = (description: string): Toast => ({ type: "error", title: tc("toast.error"), description });
  if (!batch) return redirectWithToast(here, failure(`${t("toast.revokeFailed")}: ${errorMessage(t, batchErrors, "not_found")}`));
  if (form.get("intent") !== "revoke") return redirectWithToast(here, failure(t("errors.unknown_intent")));

  const submission = parseWithZod(form, { schema: revokeBatchSchema(t) });
  if (submission.status !== "success") return data({ step: "invalid" as const, result: submission.reply() }, { status: 400 });
  const { reason, note } = submission.value;
  if (form.get("confirm") !== "yes") {
    return data({ step: "confirm" as const, result: submission.reply(), reason, note: note ?? "" });
  }
  const revoked = await orUnavailable("Revoking a print run", () => revokeBatch(batch.id, { reason, note, revokedBy: admin.id, by: auditBy(request, admin) }));
  if (!revoked.ok) return redirectWithToast(here, failure(t("toast.revokeFailed")));
  if (!revoked.value.ok) return redirectWithToast(here, failure(`${t("toast.revokeFailed")}: ${errorMessage(t, batchErrors, revoked.value.error)}`));
  const count = Number(revoked.value.value.revoked_count);
  return redirectWithToast(here, { type: "success", title: tc("toast.success"), description: t("toast.revoked", counted(count, requestLanguage(context))) });
}
