import { requireApiAdmin } from "~/features/sessions/guard.server";
import { listContacts } from "~/features/contact/contacts.server";
import { apiRoute, PAGE_QUERY, readPageQuery } from "~/platform/http/api.server";
import { apiOkPaged } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { z } from "~/platform/lib/zod";
import { paged, type ApiContract } from "~/platform/http/contract";
import { contactJsonSchema } from "~/features/contact/json";

const contract = {
  GET: { permission: "contacts:read", tag: "Contact", summary: "List contact messages", query: PAGE_QUERY, answers: [paged(z.array(contactJsonSchema))], errors: [400] },
} satisfies ApiContract;

/** GET /api/v1/general/contact/list/?page=N — 10 a page, newest first: `data` is the list, `pagination` beside it. */
const route = apiRoute(contract, {
  GET: async (args) => {
    await requireApiAdmin(args);
    const page = readPageQuery(args);
    const { items, pagination } = await listContacts(page);
    const contacts = items.map(({ id, name, phone_number, message, created_at }) => ({ id, name, phone_number, message, created_at }));
    return apiOkPaged(contacts, pagination, requestT(args.context, "admin")("api.contacts"));
  },
});

export const loader = route.loader;
export const action = route.action;
