import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { reportSchema } from "../schemas";

/** The report form's validation in the browser: the server's schema (loaded lazily by the page). */
export const reportFormValidator = (t: TFunction<"report">, today: string) => (formData: FormData) => parseWithZod(formData, { schema: reportSchema(t, { today }) });
