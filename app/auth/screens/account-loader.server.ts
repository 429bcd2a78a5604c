import { accountOverview } from "../own-account.server";
import { pendingStep, type AdminIdentity } from "../identity";

/** Everything the account page shows, and the step the member must take first (if any). */
export async function loadAccountScreen(admin: AdminIdentity) {
  return { ...(await accountOverview(admin)), required: pendingStep(admin) };
}

export type AccountScreenData = Awaited<ReturnType<typeof loadAccountScreen>>;
export type SessionRow = AccountScreenData["sessions"][number];
