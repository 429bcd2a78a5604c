import { getAdmin } from "~/features/sessions/guard.server";
import { reportPhoto } from "~/features/reports/reports.server";
import type { Route } from "./+types/report-photo";
import { privateHeaders } from "~/platform/http/private.server";

/**
 * /admin/dashboard/reports/:reportId/photo: the report's photo, for signed-in admins only (the admin
 * layout's middleware), never cached, sandboxed, its type the one checked when it was stored.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  getAdmin(context);
  const photo = await reportPhoto(params.reportId);
  if (!photo) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...privateHeaders() } });
  return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": photo.type,
      "Content-Length": String(photo.bytes.byteLength),
      ...privateHeaders(),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
