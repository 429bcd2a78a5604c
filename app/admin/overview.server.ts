import { countContacts } from "~/contact/contacts.server";
import { codeCounts } from "~/verification/codes.server";

export type Overview = { contacts: { count: number }; codes: { active: number; expired: number } };

/** The dashboard's three numbers; the page and `GET /api/v1/general/dashboard/overview/` both use it. */
export async function dashboardOverview(): Promise<Overview> {
  const [count, codes] = await Promise.all([countContacts(), codeCounts()]);
  return { contacts: { count }, codes };
}
