import { auditBy } from "~/platform/audit/audit.server";
import { getAdmin } from "~/features/sessions/guard.server";
import { batchErrors } from "~/features/batches/errors";
import { exportBatch, exportKindOf } from "~/features/print-files/exports.server";
import { labelSheetSchema } from "~/features/batches/schemas";
import { batchHref } from "~/features/batches/screens/batches-url";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import type { Route } from "./+types/batch-export";

/**
 * GET /admin/dashboard/batches/{id}/codes.csv | labels.pdf[?layout=&lang=en|ar|both&from=&to=] | labels.zip: a run's downloads for the
 * signed-in admin (the API has the same for a bearer token). A download that cannot be made goes back
 * to the run's page with the reason in a toast.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  const t = requestT(context, "batches");
  const url = new URL(request.url);
  const kind = exportKindOf(url.pathname);
  const back = (reason: string) =>
    redirectWithToast(params.id ? batchHref(params.id) : "/admin/dashboard/batches", { type: "error", title: requestT(context, "common")("toast.error"), description: `${t("toast.downloadFailed")}: ${reason}` });
  const query = labelSheetSchema(t).safeParse(Object.fromEntries(["layout", "lang", "from", "to"].map((k) => [k, url.searchParams.get(k) || undefined])));
  if (!query.success) return back(query.error.issues[0]?.message ?? t("errors.serial_format"));
  const result = await exportBatch({
    kind,
    batchId: params.id,
    ...(kind === "pdf" ? query.data : {}),
    language: requestLanguage(context),
    caption: requestT(context, "admin")("codes.label.caption"),
    by: auditBy(request, admin),
  });
  if (result.ok) return result.value;
  // A revoked run answers 409 with the reason, in plain text, as a refused download does (403).
  if (result.error === "run_revoked") {
    return new Response(errorMessage(t, batchErrors, result.error), { status: 409, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return back(errorMessage(t, batchErrors, result.error));
}
