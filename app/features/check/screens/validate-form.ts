import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { verifySchema } from "../schemas";

/** The verify form's validation in the browser: the server's schema (loaded lazily by the page). */
export const verifyFormValidator = (t: TFunction<"verify">) => (formData: FormData) => parseWithZod(formData, { schema: verifySchema(t) });
