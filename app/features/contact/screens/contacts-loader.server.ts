import { redirect } from "react-router";
import { env } from "~/platform/lib/env.server";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { mailConfigured } from "~/platform/mail/mail.server";
import { listContacts } from "../contacts.server";

/** The contacts screen for its URL: junk `?page=` reads as 1; a page past the end goes to the last one. */
export async function loadContactsScreen(request: Request) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const { items, pagination } = await listContacts(page);
  if (isPastEnd(pagination)) throw redirect(withPage(url.pathname, url.search, pagination.total_pages));
  return {
    page,
    pagination: { total_pages: pagination.total_pages, total_count: pagination.total_count },
    /** Where new messages are mailed (CONTACT_NOTIFY_EMAIL), and whether mail leaves the machine. */
    notify: { to: env().CONTACT_NOTIFY_EMAIL ?? null, mailConfigured: mailConfigured() },
    contacts: items.map(({ id, name, phone_number, message, created_at }) => ({ id, name, phone_number, message, created_at })),
  };
}

export type ContactsScreenData = Awaited<ReturnType<typeof loadContactsScreen>>;
