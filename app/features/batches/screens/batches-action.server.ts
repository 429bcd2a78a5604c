import { auditBy } from "~/platform/audit/audit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { redirectWithToast } from "~/platform/http/toast.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { counted } from "~/platform/i18n/format";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { createBatch, newBatchOf } from "../batches.server";
import { batchErrors } from "../errors";
import { createBatchSchema } from "../schemas";
import { batchHref } from "./batches-url";

/**
 * "New print run": with or without JavaScript a plain POST. A run that was made answers a redirect to
 * its page with a toast (Post/Redirect/Get); refused input answers the form again (400) with what was
 * typed and the first error of each field.
 */
export async function createRunAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "batches");
  const tc = requestT(context, "common");
  const submission = parseWithZod(await request.formData(), { schema: createBatchSchema(t) });
  const refuse = (status: number, fieldErrors?: Record<string, string[]>) =>
    data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined), failed: t("toast.createFailed") }, { status });
  if (submission.status !== "success") return refuse(400);

  const input = submission.value;
  const made = await orUnavailable("Creating a print run", () => createBatch(newBatchOf(input, admin.id), { by: auditBy(request, admin) }));
  if (!made.ok) return refuse(503);
  const result = made.value;
  if (!result.ok) return refuse(400, { product_id: [errorMessage(t, batchErrors, result.error)] });
  const batch = result.value;
  return redirectWithToast(batchHref(batch.id), {
    type: "success",
    title: tc("toast.success"),
    description: t(batch.label_kind === "two_part" ? "toast.createdPacks" : "toast.created", { ...counted(Number(batch.quantity), requestLanguage(context)), lot: batch.lot }),
  });
}
