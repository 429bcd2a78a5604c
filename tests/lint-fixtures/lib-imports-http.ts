// at: app/lib/fixture-answer.ts
import { apiError } from "~/http/envelope.server";

export const answer = apiError;
