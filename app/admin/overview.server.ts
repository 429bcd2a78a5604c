import { countContacts } from "~/contact/contacts.server";
import { codeCounts } from "~/verification/codes.server";
import type { z } from "~/lib/zod";
import type { overviewJsonSchema } from "./json";

export type Overview = z.infer<typeof overviewJsonSchema>;

/** The dashboard's three numbers; the page and `GET /api/v1/general/dashboard/overview/` both use it. */
export async function dashboardOverview(): Promise<Overview> {
  const [count, codes] = await Promise.all([countContacts(), codeCounts()]);
  return { contacts: { count }, codes };
}
