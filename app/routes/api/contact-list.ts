import { apiError, apiOkPaged, methodNotAllowed } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { listContacts } from "~/contact/contacts.server";
import type { Route } from "./+types/contact-list";

/** GET /api/v1/general/contact/list/?page=N — 10 a page, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null || raw === "" ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) {
    return apiError(400, "Invalid input", { fields: { page: ["must be a whole number from 1"] } });
  }
  const { items, pagination } = await listContacts(page);
  const contacts = items.map(({ id, name, phone_number, message, created_at }) => ({ id, name, phone_number, message, created_at }));
  return apiOkPaged(contacts, { total_pages: pagination.total_pages, total_count: pagination.total_count }, t("api.contacts"));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
