import { z } from "~/platform/lib/zod";

/** The dashboard's three numbers (`GET /api/v1/general/dashboard/overview/`): the one shape of them. */
export const overviewJsonSchema = z.object({
  contacts: z.object({ count: z.number().int() }),
  codes: z.object({ active: z.number().int(), expired: z.number().int() }),
});
