import { z } from "~/platform/lib/zod";

/** A contact message as the API answers it (`…/contact/create/`, `…/contact/list/`). */
export const contactJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone_number: z.string(),
  message: z.string(),
  created_at: z.string(),
});
