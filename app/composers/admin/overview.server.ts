import { countContacts } from "~/features/contact/contacts.server";
import { codeCounts } from "~/features/code-admin/codes.server";
import type { z } from "~/platform/lib/zod";
import type { overviewJsonSchema } from "./json";

export type Overview = z.infer<typeof overviewJsonSchema>;

/** The dashboard's three numbers; the page and `GET /api/v1/general/dashboard/overview/` both use it. */
export async function dashboardOverview(): Promise<Overview> {
  const [count, codes] = await Promise.all([countContacts(), codeCounts()]);
  return { contacts: { count }, codes };
}
