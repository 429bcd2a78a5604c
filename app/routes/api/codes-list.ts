import { z } from "zod";
import { apiError, apiOkPaged, methodNotAllowed } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { listCodes, presentCode } from "~/verification/codes.server";
import type { Route } from "./+types/codes-list";

const query = z.object({
  status: z.enum(["active", "expired"]).default("active"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** GET /api/v1/codes/list/?status=active|expired&page=N */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const params = new URL(request.url).searchParams;
  const parsed = query.safeParse({ status: params.get("status") || undefined, page: params.get("page") || undefined });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.join(".")] ??= []).push(issue.message);
    return apiError(400, "Invalid input", { fields });
  }
  const list = await listCodes(parsed.data.status, parsed.data.page);
  const pagination = { total_pages: list.pagination.total_pages, total_count: list.pagination.total_count };
  return apiOkPaged({ codes: list.items.map(presentCode), counts: list.counts, pagination }, pagination, t("api.listed"));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
