import { requireApiAdmin } from "~/auth/guard.server";
import { listContacts } from "~/contact/contacts.server";
import { apiRoute, readQuery } from "~/http/api.server";
import { apiOkPaged } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { pageParam } from "~/lib/paging";
import { z } from "~/lib/zod";

const query = z.object({ page: pageParam });

/** GET /api/v1/general/contact/list/?page=N — 10 a page, newest first: `data` is the list, `pagination` beside it. */
const route = apiRoute({
  GET: async (args) => {
    await requireApiAdmin(args);
    const { page } = readQuery(args, query, ["page"]);
    const { items, pagination } = await listContacts(page);
    const contacts = items.map(({ id, name, phone_number, message, created_at }) => ({ id, name, phone_number, message, created_at }));
    return apiOkPaged(contacts, pagination, requestT(args.context, "admin")("api.contacts"));
  },
});

export const loader = route.loader;
export const action = route.action;
