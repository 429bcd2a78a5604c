import { getAdmin } from "~/auth/guard.server";
import { isLanguage } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { getCode } from "~/verification/codes.server";
import { qrLabelResponse } from "~/verification/qr.server";
import type { Route } from "./+types/code-qr";

/** GET /admin/dashboard/codes/:id/qr.svg — the printable label as an SVG attachment (admin only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  getAdmin(context);
  const code = await getCode(params.id);
  const t = getInstance(context).getFixedT(null, "admin");
  if (!code) {
    return new Response(t("codes.errors.not_found"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const locale = getLocale(context);
  return qrLabelResponse(code, isLanguage(locale) ? locale : "en", t("codes.label.caption"));
}
