import { getAdmin } from "~/features/sessions/guard.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { getCode } from "~/features/code-admin/codes.server";
import { qrLabelResponse } from "~/features/code-admin/qr.server";
import type { Route } from "./+types/code-qr";
import { privateHeaders } from "~/platform/http/private.server";

/** GET /admin/dashboard/codes/:id/qr.svg — the printable label as an SVG attachment (admin only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  getAdmin(context);
  const code = await getCode(params.id);
  const t = requestT(context, "admin");
  if (!code) {
    return new Response(t("codes.errors.not_found"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...privateHeaders() },
    });
  }
  return qrLabelResponse(code, requestLanguage(context), t("codes.label.caption"));
}
