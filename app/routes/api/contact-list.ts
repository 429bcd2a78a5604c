import { z } from "zod";
import { apiOkPaged, methodNotAllowed, readQuery } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { listContacts } from "~/contact/contacts.server";
import { pageParam } from "~/ui/admin-paging";
import type { Route } from "./+types/contact-list";

const query = z.object({ page: pageParam });

/** GET /api/v1/general/contact/list/?page=N — 10 a page, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const { page } = readQuery(request, query, ["page"]);
  const { items, pagination } = await listContacts(page);
  const contacts = items.map(({ id, name, phone_number, message, created_at }) => ({ id, name, phone_number, message, created_at }));
  return apiOkPaged(contacts, { total_pages: pagination.total_pages, total_count: pagination.total_count }, t("api.contacts"));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
