import { redirect } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { isPastEnd, parsePage, withPage } from "~/platform/lib/paging";
import { listMembers } from "../members.server";
import { isMfaRequired } from "../settings.server";
import { mailConfigured } from "~/platform/mail/mail.server";

/** The team screen for its URL: the members (ten a page), the two-factor requirement, whether mail is sent, who is looking, and a pending confirmation. */
export async function loadTeamScreen(request: Request, admin: AdminIdentity) {
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const { items, pagination } = await listMembers(page);
  if (isPastEnd(pagination)) throw redirect(withPage(url.pathname, url.search, pagination.total_pages));
  // `?disable={id}` (Disable without JavaScript): the member whose disabling is to be confirmed.
  const disable = url.searchParams.get("disable");
  const confirmDisable = items.find((m) => m.id === disable && m.id !== admin.id && !m.disabled) ?? null;
  return {
    me: admin.id,
    page,
    pagination: { total_pages: pagination.total_pages, total_count: pagination.total_count },
    members: items,
    confirmDisable: confirmDisable ? { id: confirmDisable.id, username: confirmDisable.username } : null,
    mfaRequired: await isMfaRequired(),
    mailConfigured: mailConfigured(),
  };
}

export type TeamScreenData = Awaited<ReturnType<typeof loadTeamScreen>>;
export type MemberRowData = TeamScreenData["members"][number];
