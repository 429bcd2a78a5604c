import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { contactSchema } from "../schemas";

/** The contact form's validation in the browser: the server's schema (loaded lazily by the page). */
export const contactFormValidator = (t: TFunction<"contact">) => (formData: FormData) => parseWithZod(formData, { schema: contactSchema(t) });
