// at: app/platform/lib/fixture-answer.ts
import { apiError } from "~/platform/http/envelope.server";

export const answer = apiError;
