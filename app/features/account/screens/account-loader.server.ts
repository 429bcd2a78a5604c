import { mailConfigured } from "~/platform/mail/mail.server";
import { accountOverview } from "../own-account.server";
import { pendingStep, type AdminIdentity } from "~/platform/access/identity";

/**
 * Everything the account page shows, the step the member must take first (if any), and with
 * `?end={id}` (Sign out without JavaScript) the session whose ending is to be confirmed.
 */
export async function loadAccountScreen(request: Request, admin: AdminIdentity) {
  const overview = await accountOverview(admin);
  const end = new URL(request.url).searchParams.get("end");
  return { ...overview, mailConfigured: mailConfigured(), required: pendingStep(admin), confirmEnd: overview.sessions.find((s) => s.id === end) ?? null };
}

export type AccountScreenData = Awaited<ReturnType<typeof loadAccountScreen>>;
export type SessionRow = AccountScreenData["sessions"][number];
