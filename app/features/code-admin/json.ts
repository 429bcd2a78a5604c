import { z } from "~/platform/lib/zod";

/** `GET /api/v1/codes/list/`'s counts (of the narrowed list). */
export const codeCountsSchema = z.object({ active: z.number().int(), expired: z.number().int() });
