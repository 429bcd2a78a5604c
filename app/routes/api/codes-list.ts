import { z } from "zod";
import { apiOkPaged, methodNotAllowed, readQuery } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { pageParam } from "~/ui/admin-paging";
import { listCodes, presentCode } from "~/verification/codes.server";
import type { Route } from "./+types/codes-list";

const query = z.object({
  status: z.enum(["active", "expired"]).default("active"),
  page: pageParam,
});

/** GET /api/v1/codes/list/?status=active|expired&page=N */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const { status, page } = readQuery(request, query, ["status", "page"]);
  const list = await listCodes(status, page);
  const pagination = { total_pages: list.pagination.total_pages, total_count: list.pagination.total_count };
  return apiOkPaged({ codes: list.items.map(presentCode), counts: list.counts, pagination }, pagination, t("api.listed"));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
